/**
 * Journey "Hosted KYC": a customer completes KYC through the hosted link. The operator makes the link on the
 * customer's console page (setup, in English); the person opens it in their browser's language, fills the form
 * (a date input, country lists, each field explained), picks a file that is not an accepted type, and gets the
 * form back with everything typed still there, the problem in words under the file field, and a note to choose
 * the file again (browsers never keep one); then sends a real image and is verified. Desktop and phone, English
 * and German, axe-clean.
 */
import type { Browser } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { JOURNEY_VARIANTS, consoleNav, consoleSignIn, demoCustomer, journeyShot, runTag } from "./support/journeys";

// A 1×1 PNG, and a text file a person might pick by mistake.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const NOTES = Buffer.from("passport number written down, not a scan\n");

const WORDS = {
  en: {
    title: "Verify your identity",
    fullName: "Full name",
    birthDate: "Date of birth",
    nationality: "Nationality",
    line1: "Street and house number",
    postalCode: "Postal code",
    city: "City or town",
    country: "Country",
    documentType: "Type of document",
    file: "Photo or scan of the document",
    submit: "Send for verification",
    germany: "Germany",
    fileProblem: "Upload a photo or scan of your passport, identity card or driving licence (PDF, JPEG or PNG).",
    refile: "choose “notes.txt” again",
    nationalityHint: "The country that issued your passport or identity card.",
    thanks: "Thank you",
    approved: "Your identity is confirmed.",
  },
  de: {
    title: "Identität bestätigen",
    fullName: "Vollständiger Name",
    birthDate: "Geburtsdatum",
    nationality: "Staatsangehörigkeit",
    line1: "Straße und Hausnummer",
    postalCode: "Postleitzahl",
    city: "Ort",
    country: "Land",
    documentType: "Art des Dokuments",
    file: "Foto oder Scan des Dokuments",
    submit: "Zur Prüfung senden",
    germany: "Deutschland",
    fileProblem:
      "Laden Sie ein Foto oder einen Scan Ihres Reisepasses, Personalausweises oder Führerscheins hoch (PDF, JPEG oder PNG).",
    refile: "Wählen Sie „notes.txt“ bitte erneut.",
    nationalityHint: "Das Land, das Ihren Reisepass oder Personalausweis ausgestellt hat.",
    thanks: "Vielen Dank",
    approved: "Ihre Identität ist bestätigt.",
  },
} as const;

/** The customer (demo sign-in; the suffix 003 leaves it UNVERIFIED on the e2e sandbox) and its link, from the console. */
async function kycLink(browser: Browser, email: string, name: string): Promise<string> {
  await demoCustomer(browser, email, name);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: "en-US" });
  try {
    const page = await context.newPage();
    await consoleSignIn(page, "en");
    await consoleNav(page, "en", "customers");
    await page.getByRole("searchbox", { name: "Search" }).fill(email);
    await page.getByRole("button", { name: "Apply" }).click();
    await page.locator('[data-testid="customer-row"]:visible').first().getByRole("link", { name }).click();
    await page.getByRole("button", { name: "Create verification link" }).click();
    const href = await page.getByTestId("kyc-link").getAttribute("href");
    expect(href).toMatch(/\/kyc\/[A-Za-z0-9_-]{43}$/);
    return new URL(href ?? "").pathname;
  } finally {
    await context.close();
  }
}

for (const v of JOURNEY_VARIANTS) {
  test.describe(`${v.lang} ${v.device}`, () => {
    test.use({ viewport: v.viewport, locale: v.locale });

    test(`hosted KYC recovers from an error (${v.lang}, ${v.device})`, async ({ page, browser }, testInfo) => {
      const w = WORDS[v.lang];
      const tag = runTag();
      const link = await kycLink(browser, `kai.kyc-${tag}@example.test`, `Kai Kyc ${tag} 003`);
      const name = `Kai Kyc ${tag} Lee`;

      const response = await page.goto(link);
      expect(response?.headers()["request-trace-id"]).toMatch(/^[0-9a-f-]{36}$/);
      await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", v.lang);
      await expect(page.getByText(w.nationalityHint)).toBeVisible();
      await expectAccessible(page, testInfo);

      await page.getByLabel(w.fullName).fill(name);
      await expect(page.getByLabel(w.birthDate)).toHaveAttribute("type", "date");
      await page.getByLabel(w.birthDate).fill("1990-01-31");
      await page.getByLabel(w.nationality).selectOption({ label: w.germany });
      await page.getByLabel(w.line1).fill("Hauptstraße 1");
      await page.getByLabel(w.postalCode).fill("10115");
      await page.getByLabel(w.city, { exact: true }).fill("Berlin");
      await page.getByLabel(w.country, { exact: true }).selectOption("DE");
      await page.getByLabel(w.documentType).selectOption("NATIONAL_ID");
      await page.getByLabel(w.file).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: NOTES });
      await page.getByRole("button", { name: w.submit }).click();

      // The form comes back: everything typed is still there, the problem in words under the file field.
      await expect(page.getByRole("alert")).toContainText(w.fileProblem);
      await expect(page.getByLabel(w.fullName)).toHaveValue(name);
      await expect(page.getByLabel(w.birthDate)).toHaveValue("1990-01-31");
      await expect(page.getByLabel(w.nationality)).toHaveValue("DE");
      await expect(page.getByLabel(w.line1)).toHaveValue("Hauptstraße 1");
      await expect(page.getByLabel(w.postalCode)).toHaveValue("10115");
      await expect(page.getByLabel(w.city, { exact: true })).toHaveValue("Berlin");
      await expect(page.getByLabel(w.country, { exact: true })).toHaveValue("DE");
      await expect(page.getByLabel(w.documentType)).toHaveValue("NATIONAL_ID");
      const file = page.getByLabel(w.file);
      await expect(file).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator("#document-error")).toHaveText(w.fileProblem);
      await expect(page.locator("#document-refile")).toContainText(w.refile);
      await expect(page.getByText("documentType")).toHaveCount(0);
      await expectAccessible(page, testInfo);
      await journeyShot(page, "journey-kyc-error", v);

      // The real image: verified.
      await file.setInputFiles({ name: "id-card.png", mimeType: "image/png", buffer: PNG });
      await page.getByRole("button", { name: w.submit }).click();
      await expect(page.getByRole("heading", { level: 1, name: w.thanks })).toBeVisible();
      await expect(page.locator("#status")).toHaveAttribute("data-status", "APPROVED");
      await expect(page.locator("#status")).toHaveText(w.approved);
      await expectAccessible(page, testInfo);
      await journeyShot(page, "journey-kyc-done", v);
    });
  });
}
