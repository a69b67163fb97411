import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";

const sql = postgres(inject("databaseUrl"), { max: 2, onnotice: () => {} });
afterAll(() => sql.end());

/** A real EVM wallet: secp256k1 key, address = last 20 bytes of keccak256(uncompressed public key). */
function evmWallet() {
  const secret = secp256k1.utils.randomSecretKey();
  const pub = secp256k1.getPublicKey(secret, false);
  const address = `0x${bytesToHex(keccak_256(pub.subarray(1)).subarray(12))}`;
  const personalSign = (message: string) => {
    const body = new TextEncoder().encode(message);
    const prefixed = new Uint8Array([
      ...new TextEncoder().encode(`\x19Ethereum Signed Message:\n${body.length}`),
      ...body,
    ]);
    const sig = secp256k1.sign(keccak_256(prefixed), secret, { prehash: false, format: "recovered" });
    // noble: recovery byte first; Ethereum: r ‖ s ‖ v with v = 27 + recovery.
    return `0x${bytesToHex(sig.subarray(1))}${(27 + sig[0]).toString(16)}`;
  };
  return { address, personalSign };
}

function solanaWallet() {
  const secret = ed25519.utils.randomSecretKey();
  return {
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: (message: string) => base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

async function events(accountId: string) {
  return sql<
    { type: string; data: any }[]
  >`select type, data from outbox_events where data->>'id' = ${accountId} order by id`;
}

async function wallet(
  p: TestPlatform,
  customerId: string,
  accountType: string,
  currency: string,
  address: string,
  extra: Record<string, unknown> = {},
) {
  const r = await call("POST", "/customers/external-accounts", {
    auth: p.auth,
    body: { customerId, currency, ownershipType: "FIRST_PARTY", accountInfo: { accountType, address, ...extra } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const path = (id: string, step: string) => `/customers/external-accounts/${id}/${step}`;

describe("ownership verification (counterparty-rules platform)", () => {
  it("EVM: a wrong signature → UNVERIFIED (400); a new challenge signed with EIP-191 → ACTIVE; one outbox event per transition", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer } = await newCustomer(p);
    const w = evmWallet();
    const acct = await wallet(p, customer.id, "BASE_WALLET", "USDC", w.address.toUpperCase().replace("0X", "0x"));
    expect(acct.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    expect(await events(acct.id)).toEqual([]);

    expect((await call("POST", path(acct.id, "verify"), { auth: p.auth, body: { signature: "0x00" } })).status).toBe(
      409,
    );

    const c1 = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    expect(c1.status).toBe(201);
    expect(c1.body.method).toBe("WALLET_SIGNATURE");
    expect(Date.parse(c1.body.expiresAt)).toBeGreaterThan(Date.now());
    const stranger = evmWallet();
    const bad = await call("POST", path(acct.id, "verify"), {
      auth: p.auth,
      body: { signature: stranger.personalSign(c1.body.messageToSign) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.reason).toBe("OWNERSHIP_SIGNATURE_INVALID");
    expect((await call("GET", `/customers/external-accounts/${acct.id}`, { auth: p.auth })).body.status).toBe(
      "UNVERIFIED",
    );
    // The challenge was used up by the failed attempt.
    expect(
      (
        await call("POST", path(acct.id, "verify"), {
          auth: p.auth,
          body: { signature: w.personalSign(c1.body.messageToSign) },
        })
      ).status,
    ).toBe(409);

    const c2 = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    expect(c2.body.messageToSign).not.toBe(c1.body.messageToSign);
    expect((await call("GET", `/customers/external-accounts/${acct.id}`, { auth: p.auth })).body.status).toBe(
      "UNVERIFIED",
    );
    const good = await call("POST", path(acct.id, "verify"), {
      auth: p.auth,
      body: { signature: w.personalSign(c2.body.messageToSign) },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.status).toBe("ACTIVE");

    const evs = await events(acct.id);
    expect(evs.map((e) => [e.type, e.data.status])).toEqual([
      ["EXTERNAL_ACCOUNT.STATUS_UPDATED", "UNVERIFIED"],
      ["EXTERNAL_ACCOUNT.STATUS_UPDATED", "ACTIVE"],
    ]);
    // `data` is the account exactly as the API serializes it.
    expect(evs[1].data).toEqual(good.body);

    const again = await call("POST", path(acct.id, "challenge"), {
      auth: p.auth,
      body: { method: "WALLET_SIGNATURE" },
    });
    expect(again.status).toBe(409);
  });

  it("Solana: a malformed or stale signature fails; an ed25519 signature of the current challenge → ACTIVE", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer } = await newCustomer(p);
    const w = solanaWallet();
    const acct = await wallet(p, customer.id, "SOLANA_WALLET", "USDC", w.address);
    const c = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    const notBase58 = await call("POST", path(acct.id, "verify"), { auth: p.auth, body: { signature: "0OIl" } });
    expect(notBase58.status).toBe(400);
    const c2 = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    expect(c2.status).toBe(201);
    // A signature of the older message does not verify the new challenge.
    const stale = await call("POST", path(acct.id, "verify"), {
      auth: p.auth,
      body: { signature: w.sign(c.body.messageToSign) },
    });
    expect(stale.status).toBe(400);
    const c3 = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    const ok = await call("POST", path(acct.id, "verify"), {
      auth: p.auth,
      body: { signature: w.sign(c3.body.messageToSign) },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe("ACTIVE");
    expect((await events(acct.id)).map((e) => e.data.status)).toEqual(["UNVERIFIED", "ACTIVE"]);
  });

  it("an expired challenge fails the attempt (UNVERIFIED)", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer } = await newCustomer(p);
    const w = evmWallet();
    const acct = await wallet(p, customer.id, "ETHEREUM_WALLET", "USDT", w.address);
    const c = await call("POST", path(acct.id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
    // Time travel: age the stored challenge instead of waiting 10 minutes.
    await sql`update external_accounts set ownership_challenge = jsonb_set(ownership_challenge, '{expiresAt}', '"2020-01-01T00:00:00.000Z"') where id = ${acct.id.split(":")[1]}`;
    const r = await call("POST", path(acct.id, "verify"), {
      auth: p.auth,
      body: { signature: w.personalSign(c.body.messageToSign) },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.reason).toBe("OWNERSHIP_CHALLENGE_EXPIRED");
    expect((await events(acct.id)).map((e) => e.data.status)).toEqual(["UNVERIFIED"]);
  });

  it("answers 409 where WALLET_SIGNATURE does not apply, and 404 across tenants", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const other = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer } = await newCustomer(p);
    const tron = await wallet(p, customer.id, "TRON_WALLET", "USDT", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL");
    expect(tron.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const custodial = await wallet(p, customer.id, "ETHEREUM_WALLET", "USDC", evmWallet().address, {
      vaspName: "Kraken",
    });
    expect(custodial.status).toBe("ACTIVE");
    const bank = await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: {
        customerId: customer.id,
        currency: "MXN",
        accountInfo: {
          accountType: "MXN_ACCOUNT",
          clabeNumber: "123456789012345678",
          beneficiary: { beneficiaryType: "BUSINESS", legalName: "Acme SA" },
        },
      },
    });
    const evm = await wallet(p, customer.id, "POLYGON_WALLET", "USDC", evmWallet().address);
    for (const id of [tron.id, custodial.id, bank.body.id]) {
      const r = await call("POST", path(id, "challenge"), { auth: p.auth, body: { method: "WALLET_SIGNATURE" } });
      expect(r.status).toBe(409);
    }
    expect((await call("POST", path(evm.id, "challenge"), { auth: p.auth, body: { method: "LIVENESS" } })).status).toBe(
      409,
    );
    expect(
      (await call("POST", path(evm.id, "challenge"), { auth: p.auth, body: { method: "SMOKE_SIGNAL" } })).status,
    ).toBe(400);
    expect(
      (await call("POST", path(evm.id, "challenge"), { auth: other.auth, body: { method: "WALLET_SIGNATURE" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await call("POST", `/platform/external-accounts/${evm.id}/challenge`, {
          auth: p.auth,
          body: { method: "WALLET_SIGNATURE" },
        })
      ).status,
    ).toBe(404);
  });

  it("works the same under /platform/external-accounts for the platform's own wallet", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const w = evmWallet();
    const r = await call("POST", "/platform/external-accounts", {
      auth: p.auth,
      body: {
        currency: "USDC",
        ownershipType: "FIRST_PARTY",
        accountInfo: { accountType: "BASE_WALLET", address: w.address },
      },
    });
    expect(r.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
    const c = await call("POST", `/platform/external-accounts/${r.body.id}/challenge`, {
      auth: p.auth,
      body: { method: "WALLET_SIGNATURE" },
    });
    const v = await call("POST", `/platform/external-accounts/${r.body.id}/verify`, {
      auth: p.auth,
      body: { signature: w.personalSign(c.body.messageToSign) },
    });
    expect(v.status).toBe(200);
    expect(v.body.status).toBe("ACTIVE");
    expect(v.body.customerId).toBeNull();
  });
});
