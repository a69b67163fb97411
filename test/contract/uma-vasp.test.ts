import crypto from "node:crypto";
import { getPubKeyResponse, isValidUmaAddress, PubKeyResponse, signPayload } from "@uma-sdk/core";
import { describe, expect, it } from "vitest";
import { gridPayerFields, umaPayerOptions } from "@/lib/server/uma/payer-data";
import { newCertifiedKey } from "@/lib/server/uma/self-signed-cert";
import { settlementPayload, settlementSignatureValid } from "@/lib/server/uma/settlement-signature";

describe("the UMA VASP's keys and formats", () => {
  it("a self-signed secp256k1 certificate the library parses, whose key verifies the private key's signatures", async () => {
    const signing = newCertifiedKey("a.internal");
    const encryption = newCertifiedKey("a.internal");
    const r = getPubKeyResponse({ signingCertChainPem: signing.certPem, encryptionCertChainPem: encryption.certPem });
    const cert = new crypto.X509Certificate(signing.certPem);
    expect(cert.subject).toBe("CN=a.internal");
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(Buffer.from(r.getSigningPubKey()).toString("hex")).toBe(r.signingPubKey);
    const d = {
      invoice: "http://localhost:1/uma/settlement/x",
      senderVaspDomain: "a.internal",
      payerIdentifier: "$alice@a.internal",
      amount: 5,
      currency: "USD",
      paymentId: "p",
      nonce: "1",
      timestamp: 1,
    };
    const sig = await signPayload(settlementPayload(d), signing.privateKey);
    expect(settlementSignatureValid(d, sig, r)).toBe(true);
    expect(settlementSignatureValid({ ...d, amount: 6 }, sig, r)).toBe(false);
    const other = await signPayload(settlementPayload(d), encryption.privateKey);
    expect(settlementSignatureValid(d, other, r)).toBe(false);
    // Bare keys (a VASP that publishes no certificate) verify the same.
    const bare = PubKeyResponse.fromJson(
      JSON.stringify({ signingPubKey: r.signingPubKey, encryptionPubKey: r.encryptionPubKey }),
    );
    expect(settlementSignatureValid(d, sig, bare)).toBe(true);
    expect(settlementSignatureValid(d, "zz", bare)).toBe(false);
  });

  it("the loopback spelling of UMA addresses is one the library accepts, and a port is not", () => {
    expect(isValidUmaAddress("$bob@b.internal")).toBe(true);
    expect(isValidUmaAddress("$bob@localhost:3002")).toBe(false);
  });

  it("Grid's required counterparty fields travel as UMA payer-data keys and back", () => {
    const options = umaPayerOptions([
      { name: "FULL_NAME", mandatory: true },
      { name: "NATIONALITY", mandatory: true },
      { name: "ID_TYPE", mandatory: true },
    ]);
    expect(options).toMatchObject({
      identifier: { mandatory: true },
      compliance: { mandatory: true },
      name: { mandatory: true },
      nationality: { mandatory: true },
      email: { mandatory: false },
    });
    expect(gridPayerFields(options)).toEqual([
      { name: "FULL_NAME", mandatory: true },
      { name: "EMAIL", mandatory: false },
      { name: "NATIONALITY", mandatory: true },
    ]);
  });
});
