import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { signWebhook } from "@/lib/server/webhooks/sign-webhook";
import { retryDelayMs } from "@/lib/server/webhooks/backoff";
import { verifyWebhook, WebhookVerificationError } from "./webhooks";

const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
const pem = publicKey.export({ format: "pem", type: "spki" }).toString();
const body = JSON.stringify({ id: "Webhook:0193", type: "TEST", timestamp: "2026-01-01T00:00:00.000Z", data: {} });

describe("webhook signature (sign on the server, verify with lib/sdk)", () => {
  it("verifies a fresh signature and returns the envelope", () => {
    const t = Math.floor(Date.now() / 1000);
    const env = verifyWebhook({ rawBody: body, signatureHeader: signWebhook(body, t, privateKey), publicKeyPem: pem });
    expect(env.type).toBe("TEST");
  });

  it("the header has the protocol.md shape t=<unix>,v1=<base64 DER>", () => {
    const h = signWebhook(body, 1700000000, privateKey);
    expect(h).toMatch(/^t=1700000000,v1=[A-Za-z0-9+/]+=*$/);
    const der = Buffer.from(h.split("v1=")[1], "base64");
    expect(der[0]).toBe(0x30);
    // Node verifies the same bytes: the signed message is "<t>.<body>".
    expect(crypto.verify("sha256", Buffer.from(`1700000000.${body}`), publicKey, der)).toBe(true);
  });

  it("rejects a changed body, another key, a stale timestamp and a missing header", () => {
    const t = Math.floor(Date.now() / 1000);
    const h = signWebhook(body, t, privateKey);
    expect(() =>
      verifyWebhook({ rawBody: body.replace("TEST", "TESX"), signatureHeader: h, publicKeyPem: pem }),
    ).toThrow(WebhookVerificationError);
    const other = crypto
      .generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ format: "pem", type: "spki" })
      .toString();
    expect(() => verifyWebhook({ rawBody: body, signatureHeader: h, publicKeyPem: other })).toThrow(/does not verify/);
    const old = signWebhook(body, t - 301, privateKey);
    expect(() => verifyWebhook({ rawBody: body, signatureHeader: old, publicKeyPem: pem })).toThrow(/tolerance/);
    // The timestamp is signed: moving it forward breaks the signature.
    const moved = h.replace(/^t=\d+/, `t=${t + 1}`);
    expect(() => verifyWebhook({ rawBody: body, signatureHeader: moved, publicKeyPem: pem })).toThrow(
      /does not verify/,
    );
    expect(() => verifyWebhook({ rawBody: body, signatureHeader: undefined, publicKeyPem: pem })).toThrow(/Missing/);
  });

  it("accepts high-S signatures", () => {
    // Sign until a high-S signature appears, then check the SDK accepts it.
    const n = BigInt("0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551");
    for (let i = 0; i < 64; i++) {
      const t = Math.floor(Date.now() / 1000);
      const h = signWebhook(body, t, privateKey);
      const der = Buffer.from(h.split("v1=")[1], "base64");
      const rLen = der[3];
      const sLen = der[5 + rLen];
      const s = BigInt(`0x${der.subarray(6 + rLen, 6 + rLen + sLen).toString("hex")}`);
      if (s > n / 2n) {
        expect(verifyWebhook({ rawBody: body, signatureHeader: h, publicKeyPem: pem }).id).toBe("Webhook:0193");
        return;
      }
    }
    throw new Error("no high-S signature in 64 tries");
  });
});

describe("retry schedule", () => {
  it("doubles from the base and caps at 30 minutes", () => {
    const base = 30_000;
    const cap = 30 * 60_000;
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => retryDelayMs(n, base, cap))).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      960_000,
      cap,
      cap,
    ]);
    expect(retryDelayMs(500, base, cap)).toBe(cap);
  });
});
