import de from "./messages/de.json";
import en from "./messages/en.json";

/**
 * The integrator pages' languages (wallet now, console later): message catalogues per locale, picked from the
 * `ui-locale` cookie, else the browser's Accept-Language, else English. Formatting (dates, amounts, currencies)
 * follows the same locale through use-intl.
 */
import { LOCALES, type Locale } from "./locales";

export { LOCALE_COOKIE, LOCALES, type Locale } from "./locales";
export type Messages = typeof en;

const CATALOGUES: Record<Locale, Messages> = { en, de };

export function messagesFor(locale: Locale): Messages {
  return CATALOGUES[locale];
}

export function pickLocale(cookie: string | undefined, acceptLanguage: string | null): Locale {
  if (cookie && (LOCALES as readonly string[]).includes(cookie)) return cookie as Locale;
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0].trim().toLowerCase().slice(0, 2);
    if ((LOCALES as readonly string[]).includes(tag)) return tag as Locale;
  }
  return "en";
}
