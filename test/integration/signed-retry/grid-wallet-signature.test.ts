/**
 * The wallet-signature header under its two spellings (protocol.md "`Service-Wallet-Signature` header"): the spec's
 * `Service-Wallet-Signature` and `Grid-Wallet-Signature`, which Grid's official client sends. One header: a retry
 * stamped under Grid's name completes, an identical re-send under the spec's name is the same request (the stored
 * answer replayed), and a request carrying both with different values is a 400 naming the header.
 */
import { describe, expect, it } from "vitest";
import { generateP256KeyPair, makeStamp } from "@/lib/shared/crypto/web";
import { call, newPlatform } from "../../support/api";
import { newWalletUser, otpBundle, sdkFor } from "../../support/wallet";

describe("Grid-Wallet-Signature", () => {
  it("completes an EMAIL_OTP sign-in's signed retry, and both names with different values answer 400", async () => {
    const p = await newPlatform();
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    const { encryptedOtpBundle, key } = await otpBundle(client, user.credentialId, "000000");
    const path = `/auth/credentials/${user.credentialId}/verify`;
    const body = { type: "EMAIL_OTP", encryptedOtpBundle };

    const first = await call("POST", path, { auth: p.auth, body });
    expect(first.status).toBe(202);
    const { payloadToSign, requestId } = first.body;
    const stamp = makeStamp({ payload: payloadToSign, privateKeyHex: key.privateKeyHex });
    const stranger = makeStamp({ payload: payloadToSign, privateKeyHex: generateP256KeyPair().privateKeyHex });

    const both = await call("POST", path, {
      auth: p.auth,
      body,
      headers: { "Grid-Wallet-Signature": stamp, "Service-Wallet-Signature": stranger, "Request-Id": requestId },
    });
    expect(both.status).toBe(400);
    expect(both.body.code).toBe("INVALID_INPUT");
    expect(both.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["Service-Wallet-Signature"]);

    // The refusal used nothing up: Grid's spelling alone completes the same request.
    const signed = await call("POST", path, {
      auth: p.auth,
      body,
      headers: { "Grid-Wallet-Signature": stamp, "Request-Id": requestId },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.id).toMatch(/^Session:/);
    expect(signed.body.type).toBe("EMAIL_OTP");

    // The same stamp under the spec's name (and under both names, equal) is the identical re-send: the stored answer.
    const resends: Record<string, string>[] = [
      { "Service-Wallet-Signature": stamp, "Request-Id": requestId },
      { "Service-Wallet-Signature": stamp, "Grid-Wallet-Signature": stamp, "Request-Id": requestId },
    ];
    for (const headers of resends) {
      const again = await call("POST", path, { auth: p.auth, body, headers });
      expect(again.status).toBe(200);
      expect(again.headers.get("signed-request-replayed")).toBe("true");
      expect(again.body).toEqual(signed.body);
    }
  });
});
