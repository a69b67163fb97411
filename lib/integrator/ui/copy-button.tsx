"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";

/** Copies `text` to the clipboard; says so on the button (a live region, for screen readers too). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const t = useTranslations("common");
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      // The visible word starts the name (WCAG 2.5.3), the label says what is copied.
      aria-label={`${copied ? t("copied") : t("copy")}: ${label}`}
      className="rounded-md border border-slate-400 px-2 py-1 text-sm hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
      }}
    >
      {copied ? t("copied") : t("copy")}
    </button>
  );
}
