"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";

/** The console's navigation links; the current area is marked (aria-current) and highlighted. */
export function NavLinks({ items, label }: { items: { href: string; label: string }[]; label: string }) {
  const path = usePathname();
  const current = (href: string) =>
    href === "/console" ? path === "/console" : path === href || path.startsWith(`${href}/`);
  return (
    <nav aria-label={label} className="-mx-4 overflow-x-auto px-4 md:mx-0 md:px-0">
      <ul className="flex gap-1 md:flex-col">
        {items.map((i) => (
          <li key={i.href}>
            <Link
              href={i.href}
              aria-current={current(i.href) ? "page" : undefined}
              className={`block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${
                current(i.href)
                  ? "bg-blue-700 text-white"
                  : "text-slate-700 hover:bg-slate-200 dark:text-slate-300 dark:hover:bg-slate-800"
              }`}
            >
              {i.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
