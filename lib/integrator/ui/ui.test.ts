import { describe, expect, it } from "vitest";
import { createTranslator } from "use-intl";
import { accentForeground } from "./brand";
import { formatMoney, parseAmount } from "./format";
import { LOCALES, messagesFor, pickLocale } from "./i18n";
import { describeUserAgent } from "../backend/session-devices";

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, p = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [p + k] : keys(v, `${p}${k}.`)));
const placeholders = (s: string) => [...s.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe("message catalogues", () => {
  it("every language has every English key, with the same placeholders", () => {
    const en: Tree = messagesFor("en");
    const enKeys = keys(en);
    for (const locale of LOCALES) {
      const m: Tree = messagesFor(locale);
      expect(keys(m).sort()).toEqual([...enKeys].sort());
      for (const k of enKeys) {
        const get = (t: Tree) => k.split(".").reduce<string | Tree>((n, part) => (n as Tree)[part], t) as string;
        expect(placeholders(get(m)), `${locale}: ${k}`).toEqual(placeholders(get(en)));
      }
    }
  });

  it("messages format in each language (plural and rich text)", () => {
    const en = createTranslator({ locale: "en", messages: messagesFor("en") });
    const de = createTranslator({ locale: "de", messages: messagesFor("de") });
    expect(en("progress.waiting", { seconds: 1 })).toBe("Too many attempts. You can try again in 1 second.");
    expect(de("progress.waiting", { seconds: 12 })).toBe(
      "Zu viele Versuche. Du kannst es in 12 Sekunden erneut versuchen.",
    );
    expect(de("errors.reason.OTP_INVALID")).toContain("Code");
  });

  it("picks the cookie's language, else Accept-Language, else English", () => {
    expect(pickLocale("de", "en-US")).toBe("de");
    expect(pickLocale(undefined, "de-CH,de;q=0.9,en;q=0.8")).toBe("de");
    expect(pickLocale("xx", "fr-FR")).toBe("en");
  });
});

describe("amounts for people", () => {
  it("formats the smallest unit per locale, ISO currencies with their symbol, other assets with their code", () => {
    expect(formatMoney(2500, { code: "USD", decimals: 2 }, "en")).toBe("$25.00");
    expect(formatMoney(2500, { code: "EUR", decimals: 2 }, "de")).toBe("25,00\u00a0€");
    expect(formatMoney(25_000_000, { code: "USDB", decimals: 6 }, "en")).toBe("25.00 USDB");
    expect(formatMoney(1_234_567, { code: "USDB", decimals: 6 }, "de")).toBe("1,234567 USDB");
  });

  it("reads a typed amount into the smallest unit, refusing what is not a positive amount", () => {
    expect(parseAmount("12.5", 2)).toBe(1250);
    expect(parseAmount("12,50", 6)).toBe(12_500_000);
    expect(parseAmount("0", 2)).toBeNull();
    expect(parseAmount("1.234", 2)).toBeNull();
    expect(parseAmount("abc", 2)).toBeNull();
  });
});

describe("brand and devices", () => {
  it("puts readable text on the accent colour", () => {
    expect(accentForeground("#1d4ed8")).toBe("#ffffff");
    expect(accentForeground("#fde047")).toBe("#0f172a");
  });

  it("names the browser and system of a User-Agent", () => {
    expect(
      describeUserAgent(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36",
      ),
    ).toEqual({ browser: "Chrome", os: "Linux" });
    expect(
      describeUserAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", os: "iOS" });
  });
});
