import { describe, expect, it } from "vitest";
import { toPrincipal, type PlatformRow } from "@/lib/server/platforms/platform-row";

const webauthn = { rpId: "localhost", rpName: "P", origins: ["http://localhost:3000"] };
const row = (settings: Record<string, unknown>): PlatformRow => ({
  id: "01a223c7-8aea-710b-88da-2dc3f19b5417",
  name: "P",
  environment: "SANDBOX",
  clientId: "client_test",
  secretHash: "unused",
  createdAt: new Date(0),
  updatedAt: new Date(0),
  // As read from the jsonb column: whatever was stored, parsed by toPrincipal.
  settings: { webauthn, ...settings } as unknown as PlatformRow["settings"],
});

describe("a platform principal's settings", () => {
  it("are parsed with their defaults, and a changed stored value is parsed anew", () => {
    const a = toPrincipal(row({ webhookUrl: "https://a.example/hook" })).settings;
    expect(a.webhookUrl).toBe("https://a.example/hook");
    expect(a.sessionLifetimeSeconds).toBe(900);
    const b = toPrincipal(row({ webhookUrl: "https://a.example/hook", sessionLifetimeSeconds: 600 })).settings;
    expect(b.sessionLifetimeSeconds).toBe(600);
    expect(toPrincipal(row({ webhookUrl: "https://a.example/hook" })).settings.sessionLifetimeSeconds).toBe(900);
  });

  it("are shared between requests of the same stored value, so nobody can change them", () => {
    const stored = { webhookUrl: null, oidc: { issuers: [] }, feeConfigs: [] };
    const first = toPrincipal(row(stored)).settings;
    const second = toPrincipal(row(JSON.parse(JSON.stringify(stored)))).settings;
    expect(second).toBe(first);
    expect(() => {
      (first as { sessionLifetimeSeconds: number }).sessionLifetimeSeconds = 60;
    }).toThrow(TypeError);
    expect(() => {
      (first.feeConfigs as unknown[]).push({});
    }).toThrow(TypeError);
    expect(toPrincipal(row(stored)).settings.sessionLifetimeSeconds).toBe(900);
  });

  it("a stored value that does not parse is refused every time, never remembered", () => {
    expect(() => toPrincipal(row({ sessionLifetimeSeconds: 5 }))).toThrow();
    expect(() => toPrincipal(row({ sessionLifetimeSeconds: 5 }))).toThrow();
  });
});
