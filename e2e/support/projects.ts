/** The Playwright project whose specs change platform-wide settings (playwright.config.ts, e2e/fixtures.ts). */
export const PLATFORM_WIDE_PROJECT = "platform-wide";
