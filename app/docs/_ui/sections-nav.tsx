"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";

interface Section {
  slug: string;
  name: string;
  count: number;
}

/**
 * The reference's sections: a sidebar from tablet width up; on a phone, a list behind a "Sections" button so that
 * the page starts with its content.
 */
export function SectionsNav({ sections }: { sections: Section[] }) {
  const path = usePathname();
  const [open, setOpen] = useState(false);
  const item = (href: string, label: React.ReactNode) => {
    const current = path === href;
    return (
      <li key={href}>
        <Link
          href={href}
          aria-current={current ? "page" : undefined}
          onClick={() => setOpen(false)}
          className={`block rounded px-2 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800 ${
            current ? "bg-slate-100 font-semibold dark:bg-slate-800" : "text-slate-700 dark:text-slate-300"
          }`}
        >
          {label}
        </Link>
      </li>
    );
  };
  return (
    <nav
      aria-label="Reference sections"
      className="border-b border-slate-200 px-4 py-2 md:sticky md:top-12 md:max-h-[calc(100vh-3rem)] md:w-64 md:shrink-0 md:overflow-y-auto md:border-r md:border-b-0 md:py-6 dark:border-slate-800"
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls="reference-sections"
        onClick={() => setOpen((o) => !o)}
        className="rounded border border-slate-300 px-3 py-1 text-sm font-medium md:hidden dark:border-slate-600"
      >
        Sections
      </button>
      <ul id="reference-sections" className={`${open ? "block" : "hidden"} mt-2 space-y-0.5 md:mt-0 md:block`}>
        {item("/docs", "Introduction")}
        {sections.map((s) =>
          item(
            `/docs/${s.slug}`,
            <>
              {s.name} <span className="text-slate-600 dark:text-slate-400">({s.count})</span>
            </>,
          ),
        )}
        {item("/docs/events", "Webhook events")}
      </ul>
    </nav>
  );
}
