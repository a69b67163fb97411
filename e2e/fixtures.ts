import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type CDPSession, type Page, type TestInfo } from "@playwright/test";
import { PLATFORM_WIDE_PROJECT } from "./support/projects";

export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
}

/**
 * Chromium's own WebAuthn implementation with virtual platform authenticators (CDP): real
 * navigator.credentials.create/get, real attestation and assertion signatures.
 */
export class VirtualAuthenticators {
  constructor(private readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<VirtualAuthenticators> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    return new VirtualAuthenticators(cdp);
  }

  /** A new ctap2 internal authenticator with resident keys and user verification, optionally pre-loaded. */
  async add(credentials: VirtualCredential[] = []): Promise<string> {
    const { authenticatorId } = await this.cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    for (const credential of credentials)
      await this.cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
    return authenticatorId;
  }

  async remove(authenticatorId: string): Promise<void> {
    await this.cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
  }

  /** The credentials an authenticator holds, private keys included (to move them to another authenticator). */
  async credentials(authenticatorId: string): Promise<VirtualCredential[]> {
    return (await this.cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as VirtualCredential[];
  }
}

export const test = base.extend<{ webauthn: VirtualAuthenticators }, { platform: string }>({
  /**
   * A worker runs the specs of one project only. In the platform-wide project's worker, the sandbox platform and
   * integrator the specs reach (E2E_BASE_URL, E2E_SANDBOX_AUTH, read when called) are that project's own, so that
   * a spec changing the webhook endpoint or the session lifetime does so where no other spec runs.
   */
  platform: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this destructuring; this one has none.
    async ({}, use, workerInfo) => {
      if (workerInfo.project.name === PLATFORM_WIDE_PROJECT) {
        process.env.E2E_BASE_URL = process.env.E2E_PLATFORM_WIDE_URL;
        process.env.E2E_SANDBOX_AUTH = process.env.E2E_PLATFORM_WIDE_AUTH;
      }
      await use(process.env.E2E_BASE_URL!);
    },
    { scope: "worker", auto: true },
  ],
  baseURL: async ({ platform }, use) => {
    await use(platform);
  },
  webauthn: async ({ page }, use) => {
    await use(await VirtualAuthenticators.attach(page));
  },
});

export { expect };

/** Full-page screenshot saved as a test artifact under a readable name. */
export async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/**
 * axe-core as AxeBuilder injects it, minified (AxeBuilder's default is the 1.5 MB unminified build, and parsing it
 * took over a second per check here) and evaluated only where the page has no axe yet: AxeBuilder evaluates its
 * source twice per check, and a check on a page that had one re-evaluated it in full.
 */
const require = createRequire(import.meta.url);
const axeSource = `if (!window.axe) {\n${readFileSync(require.resolve("axe-core/axe.min.js"), "utf8")}\n}`;

/** axe-core on the current page: no serious or critical violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo): Promise<void> {
  // Let finite CSS transitions and animations end first (a dialog fading in is still translucent, and axe would
  // measure its text mid-fade); endless ones (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  // Legacy mode runs axe.run in the page itself. The default mode runs it per frame, then opens a blank page, injects
  // axe there again and merges the results in it: about half of every check's time here, spent on frames this app
  // does not have (legacy mode skips cross-origin frames only, and the page CSP, default-src 'self', allows none).
  const results = await new AxeBuilder({ page, axeSource })
    .setLegacyMode()
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  await testInfo.attach(`axe-${new URL(page.url()).pathname.replace(/[^a-z0-9]+/gi, "_")}.json`, {
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
