"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { SearchEntry } from "@/lib/server/edge/openapi/reference";
import { MethodBadge } from "./method-badge";

const MAX_RESULTS = 12;

/** Every word of the query, in any order, somewhere in the operation's summary, method, path or section. */
function matches(entry: SearchEntry, words: string[]): boolean {
  const text = `${entry.summary} ${entry.method} ${entry.path} ${entry.section}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/**
 * The search box (Ctrl+K or "/" from anywhere): a combobox over every operation; arrows move through the results,
 * Enter opens one, Escape closes the list.
 */
export function ReferenceSearch({ entries }: { entries: SearchEntry[] }) {
  const router = useRouter();
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const results = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return words.length ? entries.filter((e) => matches(e, words)).slice(0, MAX_RESULTS) : [];
  }, [entries, query]);
  const expanded = open && query.trim() !== "";

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest("input, textarea, [contenteditable]");
      if (((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === "k") || (e.key === "/" && !typing)) {
        e.preventDefault();
        input.current?.focus();
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const go = (entry: SearchEntry | undefined) => {
    if (!entry) return;
    setOpen(false);
    setQuery("");
    router.push(entry.href);
  };

  return (
    <search className="relative ml-auto w-full sm:w-96">
      <label htmlFor={`${id}-q`} className="sr-only">
        Search operations
      </label>
      <input
        ref={input}
        id={`${id}-q`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={expanded}
        aria-controls={`${id}-results`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && results[active] ? `${id}-r${active}` : undefined}
        placeholder="Search operations (Ctrl K)"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, Math.max(results.length - 1, 0)));
          else if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
          else if (e.key === "Enter") go(results[active]);
          else if (e.key === "Escape") setOpen(false);
          else return;
          e.preventDefault();
        }}
        className="w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm placeholder:text-slate-600 dark:border-slate-500 dark:bg-slate-900 dark:placeholder:text-slate-400"
      />
      <div
        id={`${id}-results`}
        role="listbox"
        aria-label="Operations found"
        hidden={!expanded}
        className="absolute right-0 left-0 mt-1 max-h-96 overflow-y-auto rounded-md border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900"
      >
        {results.map((r, i) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (arrows, Enter)
          <div
            key={r.href}
            tabIndex={-1}
            id={`${id}-r${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => go(r)}
            className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 text-sm ${
              i === active ? "bg-slate-100 dark:bg-slate-800" : ""
            }`}
          >
            <MethodBadge method={r.method} />
            <span className="min-w-0">
              <span className="block font-medium">{r.summary}</span>
              <span className="block truncate font-mono text-xs text-slate-600 dark:text-slate-400">
                {r.path} · {r.section}
              </span>
            </span>
          </div>
        ))}
        {expanded && results.length === 0 && (
          <div role="option" tabIndex={-1} aria-selected={false} aria-disabled className="px-3 py-2 text-sm">
            No operation matches “{query}”.
          </div>
        )}
      </div>
    </search>
  );
}
