/**
 * Helpers for integration tests: platforms made directly in the test database, and a tiny
 * fetch wrapper that speaks to the running server over HTTP.
 */
import { inject } from "vitest";
import { createPlatform, type CreatePlatformInput } from "@/lib/server/platforms/create-platform";

export const baseUrl = (): string => inject("baseUrl");
export const api = (): string => `${inject("baseUrl")}/api/2025-10-13`;

export interface TestPlatform {
  id: string;
  clientId: string;
  clientSecret: string;
  auth: string;
}

let n = 0;
/**
 * A platform for a test. It skips verification paperwork (customers resolve by the sandbox suffix at
 * creation, so "Test User" is APPROVED and can move money) unless `settings.skipVerificationPaperwork`
 * says otherwise; test/integration/verifications/verifications.test.ts covers the paperwork itself.
 */
export async function newPlatform(input: Partial<CreatePlatformInput> = {}): Promise<TestPlatform> {
  process.env.DATABASE_URL = inject("databaseUrl");
  const settings = { skipVerificationPaperwork: true, ...input.settings };
  const p = await createPlatform({ name: `Test platform ${++n}`, environment: "SANDBOX", ...input, settings });
  return { ...p, auth: `Basic ${Buffer.from(`${p.clientId}:${p.clientSecret}`).toString("base64")}` };
}

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export async function call<T = any>(
  method: string,
  path: string,
  opts: { auth?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; origin?: string } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.auth) headers.authorization = opts.auth;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const base = opts.origin ? `${opts.origin}/api/2025-10-13` : api();
  const res = await fetch(`${base}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export async function newCustomer(p: TestPlatform, extra: Record<string, unknown> = {}) {
  const email = `u${Date.now()}${Math.random().toString(36).slice(2, 7)}@example.com`;
  const c = await call("POST", "/customers", {
    auth: p.auth,
    body: { customerType: "INDIVIDUAL", fullName: "Test User", email, ...extra },
  });
  if (c.status !== 201) throw new Error(`customer create failed: ${c.status} ${JSON.stringify(c.body)}`);
  const accts = await call(
    "GET",
    `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}&type=EMBEDDED_WALLET`,
    {
      auth: p.auth,
    },
  );
  return { customer: c.body, account: accts.body.data[0] as { id: string } | undefined, email };
}

/** A second `next start` on the suite's database with the suite's key-encryption key: two instances that must behave as one. */
export async function startPeerServer(env: Record<string, string | undefined> = {}) {
  const { startServer } = await import("./server");
  return startServer({
    DATABASE_URL: inject("databaseUrl"),
    DEMO_PLATFORM: "off",
    KEY_ENCRYPTION_KEY: inject("keyEncryptionKey"),
    ...env,
  });
}
