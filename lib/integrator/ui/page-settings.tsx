"use client";

import { useTheme } from "next-themes";
import { useEffect, useState } from "react";
import { useLocale, useTranslations } from "use-intl";
import { LOCALE_COOKIE, LOCALES } from "./locales";

const LANGUAGE_NAMES: Record<string, string> = { en: "English", de: "Deutsch" };

/** Theme (system, light, dark) and language pickers for the page header. */
export function PageSettings() {
  const t = useTranslations("common");
  const { theme, setTheme } = useTheme();
  const locale = useLocale();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const select =
    "rounded border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100";
  return (
    <div className="flex items-center gap-2">
      <label className="sr-only" htmlFor="ui-theme">
        {t("theme")}
      </label>
      <select
        id="ui-theme"
        className={select}
        value={mounted ? (theme ?? "system") : "system"}
        onChange={(e) => setTheme(e.target.value)}
      >
        <option value="system">{t("themeSystem")}</option>
        <option value="light">{t("themeLight")}</option>
        <option value="dark">{t("themeDark")}</option>
      </select>
      <label className="sr-only" htmlFor="ui-locale">
        {t("language")}
      </label>
      <select
        id="ui-locale"
        className={select}
        value={locale}
        onChange={(e) => {
          // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers the wallet supports; this is a plain preference cookie.
          document.cookie = `${LOCALE_COOKIE}=${e.target.value}; path=/; max-age=31536000; samesite=lax`;
          window.location.reload();
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
