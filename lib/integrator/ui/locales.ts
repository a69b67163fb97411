/** The languages of the integrator's pages (no catalogue here: client code imports this without the messages). */
export const LOCALES = ["en", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = "ui-locale";
