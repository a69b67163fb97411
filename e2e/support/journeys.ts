import fs from "node:fs";
import path from "node:path";
import { type Browser, type Cookie, type Page, request } from "@playwright/test";
import { expect } from "../fixtures";
import { sandboxCredentials } from "./api";
import { demoSession } from "./flows";
import type en from "../../messages/console.en.json";

/**
 * Shared by the journey specs (webhooks, finding a customer, hosted KYC): each runs at 1280×900 and
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

let workerConsoleCookies: Promise<Cookie[]> | undefined;

/**
 * The console session of this worker: signed in once (the sign-in form's post to /console/session, without the
 * page), then reused by every spec that needs a signed-in console but is not about signing in (the sign-in page
 * is console-browser.spec.ts's and console.spec.ts's). Module state lives as long as the worker process.
 */
function consoleCookies(): Promise<Cookie[]> {
  workerConsoleCookies ??= (async () => {
    const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      const r = await api.post("/console/session", { form: sandboxCredentials(), maxRedirects: 0 });
      expect(r.status(), await r.text()).toBe(303);
      return (await api.storageState()).cookies;
    } finally {
      await api.dispose();
    }
  })();
  return workerConsoleCookies;
}

/** Signed in to the console with this worker's session, on the overview in the browser's language. */
export async function consoleSignIn(page: Page, lang: Lang): Promise<void> {
  await page.context().addCookies(await consoleCookies());
  await page.goto("/console");
  await expect(page.getByRole("heading", { level: 1, name: consoleMessages(lang).overview.title })).toBeVisible();
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
 * A wallet user, as the sandbox "demo customer" sign-in makes one (an email and a name), in a browser context of its
 * own; its first call to the integrator backend turns it into a service customer. The sign-in page is not what the
 * journeys using it test (site.spec.ts and the first wallet journey sign in through it).
 */
export async function demoCustomer(browser: Browser, email: string, name: string): Promise<void> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "en-US" });
  try {
    await demoSession(context, email, name);
    const me = await context.request.get("/integrator/api/wallet/me");
    expect(me.status(), await me.text()).toBe(200);
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
