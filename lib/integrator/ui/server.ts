import { cookies, headers } from "next/headers";
import { accentForeground, brand } from "./brand";
import { LOCALE_COOKIE, messagesFor, pickLocale } from "./i18n";

/** What a server layout of the integrator's pages needs: locale, catalogue, CSP nonce, brand and its CSS variables. */
export async function uiContext() {
  const [h, c] = await Promise.all([headers(), cookies()]);
  const locale = pickLocale(c.get(LOCALE_COOKIE)?.value, h.get("accept-language"));
  const b = brand();
  return {
    locale,
    messages: messagesFor(locale),
    nonce: h.get("x-nonce") ?? undefined,
    brand: b,
    style: { "--accent": b.accent, "--accent-fg": accentForeground(b.accent) } as React.CSSProperties,
  };
}
