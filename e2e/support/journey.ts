import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import type en_ from "../../lib/integrator/ui/messages/en.json";

type Messages = typeof en_;
/** The wallet's catalogue (read as a file: Playwright's loader wants an import attribute for JSON modules). */
const catalogue = (locale: string): Messages =>
  JSON.parse(
    readFileSync(path.join(process.cwd(), "lib", "integrator", "ui", "messages", `${locale}.json`), "utf8"),
  ) as Messages;
const en = catalogue("en");
const de = catalogue("de");

/**
 * The journeys run as a person would, once on a desktop in English and once on a phone in German: the
 * strings a person reads come from the wallet's own catalogue, so the spec checks both languages' pages.
 */
export const JOURNEY_VARIANTS = [
  { device: "desktop", viewport: { width: 1280, height: 900 }, locale: "en" as const, m: en },
  { device: "phone", viewport: { width: 390, height: 844 }, locale: "de" as const, m: de },
];
export type JourneyVariant = (typeof JOURNEY_VARIANTS)[number];

/** Switch the wallet's language (the same cookie the language picker sets). */
export async function switchLocale(page: Page, locale: string): Promise<void> {
  await page.context().addCookies([{ name: "ui-locale", value: locale, url: process.env.E2E_BASE_URL! }]);
}

/** With UPDATE_SCREENSHOTS=1, the journey's end state into docs/screenshots/ (shown in docs/integrator.md). */
export async function endState(page: Page, name: string, v: JourneyVariant): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== "1") return;
  await page.screenshot({
    path: path.join(process.cwd(), "docs", "screenshots", `journey-${name}-${v.device}-${v.locale}.png`),
    fullPage: true,
  });
}

/** Fill ICU placeholders of a catalogue string ("{currency} account" → "USD account"). */
export const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
