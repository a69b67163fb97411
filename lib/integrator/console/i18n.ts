import { cookies, headers } from "next/headers";
import { createFormatter, createTranslator } from "use-intl/core";
import en from "@/messages/console.en.json";
import de from "@/messages/console.de.json";

/**
 * The console's strings come from its own message catalogues (messages/console.<locale>.json, kept apart from
 * the wallet's), through use-intl. The locale is the operator's choice (cookie `console_locale`, set by the
 * language menu), else the browser's Accept-Language, else English.
 */
export const CONSOLE_LOCALES = ["en", "de"] as const;
export type ConsoleLocale = (typeof CONSOLE_LOCALES)[number];
export const LOCALE_COOKIE = "console_locale";
const CATALOGUES: Record<ConsoleLocale, typeof en> = { en, de };

export const isConsoleLocale = (v: unknown): v is ConsoleLocale => (CONSOLE_LOCALES as readonly unknown[]).includes(v);

/** The console's locale for this request (also the document's `lang` on console pages: app/layout.tsx). */
export async function consoleLocale(): Promise<ConsoleLocale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isConsoleLocale(chosen)) return chosen;
  const accept = (await headers()).get("accept-language") ?? "";
  for (const part of accept.split(",")) {
    const lang = part.split(";")[0].trim().slice(0, 2).toLowerCase();
    if (isConsoleLocale(lang)) return lang;
  }
  return "en";
}

/** The translator and formatter of the request's locale. */
export async function consoleIntl() {
  const locale = await consoleLocale();
  const messages = CATALOGUES[locale];
  return {
    locale,
    t: createTranslator({ locale, messages }),
    format: createFormatter({ locale }),
  };
}

export type ConsoleT = Awaited<ReturnType<typeof consoleIntl>>["t"];
