import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type CDPSession, type Page, type TestInfo } from "@playwright/test";

export interface VirtualAuthenticator {
  id: string;
  cdp: CDPSession;
  /** Credentials the authenticator holds (resident keys included). */
  credentials: () => Promise<Array<{ credentialId: string; signCount: number; isResidentCredential: boolean }>>;
}

/**
 * Chromium's own WebAuthn implementation with a virtual platform authenticator (CDP): real
 * navigator.credentials.create/get, real attestation and assertion signatures.
 */
async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    id: authenticatorId,
    cdp,
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

export const test = base.extend<{ authenticator: VirtualAuthenticator }>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
  authenticator: async ({ page }, use) => {
    const auth = await addVirtualAuthenticator(page);
    await use(auth);
    await auth.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId: auth.id }).catch(() => {});
  },
});

export { expect };

/** Full-page screenshot saved as a test artifact under a readable name. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  await testInfo.attach(`axe-${page.url().replace(/[^a-z0-9]+/gi, "_")}.json`, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.length} nodes)`)).toEqual([]);
}

/** Wall time of a flow, recorded as an annotation (reported in the issue note). */
export async function timed<T>(testInfo: TestInfo, name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const out = await fn();
  testInfo.annotations.push({ type: "flow-ms", description: `${name}: ${Date.now() - t0} ms` });
  return out;
}
