"use client";

import { ThemeProvider, useTheme } from "next-themes";
import { useEffect, useState } from "react";

/**
 * The console's light and dark themes, as the wallet's (next-themes, a class on <html>): the system's choice until
 * the operator picks one (kept in localStorage under the same key as the wallet's, so one choice serves both).
 */
export function ConsoleTheme({ nonce, children }: { nonce?: string; children: React.ReactNode }) {
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </ThemeProvider>
  );
}

/** The theme picker for the console's header. */
export function ThemePicker({ labels }: { labels: { theme: string; system: string; light: string; dark: string } }) {
  const { theme, setTheme } = useTheme();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return (
    <>
      <label className="sr-only" htmlFor="console-theme">
        {labels.theme}
      </label>
      <select
        id="console-theme"
        value={mounted ? (theme ?? "system") : "system"}
        onChange={(e) => setTheme(e.target.value)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
      >
        <option value="system">{labels.system}</option>
        <option value="light">{labels.light}</option>
        <option value="dark">{labels.dark}</option>
      </select>
    </>
  );
}
