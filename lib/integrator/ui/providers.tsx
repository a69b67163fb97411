"use client";

import { ThemeProvider } from "next-themes";
import { useMemo } from "react";
import { IntlProvider } from "use-intl";
import type { Messages } from "./i18n";
import type { Locale } from "./locales";

/**
 * Theme (light/dark following the system, or the user's choice; a class on <html>) and translations
 * (use-intl: the locale's catalogue, dates in the browser's time zone) for the integrator's pages.
 */
export function UiProviders({
  locale,
  messages,
  nonce,
  children,
}: {
  locale: Locale;
  messages: Messages;
  nonce?: string;
  children: React.ReactNode;
}) {
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <IntlProvider locale={locale} messages={messages} timeZone={timeZone} now={undefined}>
        {children}
      </IntlProvider>
    </ThemeProvider>
  );
}
