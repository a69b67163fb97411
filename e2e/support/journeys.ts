import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect } from "../fixtures";
import { sandboxCredentials } from "./api";
import type en from "../../messages/console.en.json";

/**
 * Shared by the journey specs of issue 29 (webhooks, finding a customer, hosted KYC): each runs at 1280×900 and
 * 390×844, in English and in German (the browser's language: Accept-Language and navigator.language), through
 * the pages only. End states go to docs/screenshots/ with UPDATE_SCREENSHOTS=1.
 */
export const JOURNEY_VARIANTS = [
  { lang: "en", locale: "en-US", device: "desktop", viewport: { width: 1280, height: 900 } },
  { lang: "de", locale: "de-DE", device: "desktop", viewport: { width: 1280, height: 900 } },
  { lang: "en", locale: "en-US", device: "phone", viewport: { width: 390, height: 844 } },
  { lang: "de", locale: "de-DE", device: "phone", viewport: { width: 390, height: 844 } },
] as const;

export type Lang = (typeof JOURNEY_VARIANTS)[number]["lang"];
type Catalogue = typeof en;
const catalogues = new Map<Lang, Catalogue>();
/** The console's catalogue of a language (read from disk: Playwright's loader does not import JSON modules). */
export const consoleMessages = (lang: Lang): Catalogue => {
  let c = catalogues.get(lang);
  if (!c) {
    c = JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `console.${lang}.json`), "utf8")) as Catalogue;
    catalogues.set(lang, c);
  }
  return c;
};

/** A tag that makes this run's names and emails unique. */
export const runTag = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** The console's sign-in page in the browser's language, then the overview. */
export async function consoleSignIn(page: Page, lang: Lang): Promise<void> {
  const m = consoleMessages(lang);
  const { clientId, clientSecret } = sandboxCredentials();
  await page.goto("/console/login");
  await expect(page.getByRole("heading", { level: 1, name: m.login.title })).toBeVisible();
  await page.getByLabel(m.login.clientId).fill(clientId);
  await page.getByLabel(m.login.clientSecret).fill(clientSecret);
  await page.getByRole("button", { name: m.login.signIn }).click();
  await expect(page.getByRole("heading", { level: 1, name: m.overview.title })).toBeVisible();
}

/** One of the console's navigation links. */
export async function consoleNav(page: Page, lang: Lang, key: keyof typeof en.nav): Promise<void> {
  const m = consoleMessages(lang);
  await page
    .getByRole("navigation", { name: m.nav.label })
    .getByRole("link", { name: m.nav[key], exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: m.nav[key] })).toBeVisible();
}

/**
 * A wallet user made as a person makes one: the sandbox "demo customer" sign-in with an email and a name, in a
 * browser context of its own (English, desktop), which the integrator backend turns into a service customer.
 */
export async function demoCustomer(browser: Browser, email: string, name: string): Promise<void> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "en-US" });
  try {
    const page = await context.newPage();
    await page.goto("/signin");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Name (optional)").fill(name);
    await page.getByRole("button", { name: "Sign in as demo customer" }).click();
    await page.waitForURL("**/wallet");
  } finally {
    await context.close();
  }
}

/** A journey's end state, written to docs/screenshots/<name>-<lang>-<device>.png with UPDATE_SCREENSHOTS=1. */
export async function journeyShot(page: Page, name: string, v: { lang: Lang; device: string }): Promise<void> {
  if (process.env.UPDATE_SCREENSHOTS !== "1") return;
  await page.screenshot({
    path: path.join(process.cwd(), "docs", "screenshots", `${name}-${v.lang}-${v.device}.png`),
    fullPage: true,
  });
}
