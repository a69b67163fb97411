import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it, inject } from "vitest";
import { call } from "../../support/api";
import { ROOT } from "../../support/server";

describe("npm run platform -- create", () => {
  it("creates a platform and prints its credentials once, as JSON", () => {
    const r = spawnSync(
      path.join(ROOT, "node_modules/.bin/tsx"),
      [
        "scripts/platform.ts",
        "create",
        "--name",
        "CLI Co",
        "--sandbox",
        "--origin",
        "https://wallet.example.com",
        "--rp-id",
        "example.com",
      ],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: inject("databaseUrl") }, encoding: "utf8" },
    );
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ name: "CLI Co", environment: "SANDBOX", clientId: expect.stringMatching(/^client_/) });
    return call("GET", "/config", {
      auth: `Basic ${Buffer.from(`${out.clientId}:${out.clientSecret}`).toString("base64")}`,
    }).then((c) => {
      expect(c.status).toBe(200);
      expect(c.body.webauthn).toMatchObject({ rpId: "example.com", origins: ["https://wallet.example.com"] });
    });
  });

  it("refuses a bad origin and prints usage without --name", () => {
    const bad = spawnSync(
      path.join(ROOT, "node_modules/.bin/tsx"),
      ["scripts/platform.ts", "create", "--name", "X", "--origin", "ftp://x/y"],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: inject("databaseUrl") },
        encoding: "utf8",
      },
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("--origin");
    const usage = spawnSync(path.join(ROOT, "node_modules/.bin/tsx"), ["scripts/platform.ts", "create"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain("usage:");
  });
});
