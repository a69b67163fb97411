import { generateNonce, signPayload } from "@uma-sdk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decryptAtRest } from "@/lib/shared/crypto/web/at-rest";
import { newCertifiedKey } from "@/lib/server/uma/self-signed-cert";
import { settlementPayload, type SettlementDelivery } from "@/lib/server/uma/settlement-signature";
import {
  balanceOf,
  getAsDomain,
  startUmaInstances,
  umaCall,
  umaCustomer,
  type UmaInstance,
} from "../../support/uma-instances";

/**
 * Two real server processes, each on its own database, each a UMA VASP for its own platform (a.internal on A,
 * b.internal and the stricter b2.internal on B), pay each other over the protocol (@uma-sdk/core) and the sandbox
 * settlement layer.
 */
describe("UMA between two instances with two databases", () => {
  let A: UmaInstance;
  let B: UmaInstance;
  let alice: { id: string; accountId: string };
  let bob: { id: string; accountId: string };
  let aKey: Uint8Array;

  beforeAll(async () => {
    const { instances, kek } = await startUmaInstances([
      { name: "a", domains: [{ domain: "a.internal" }] },
      {
        name: "b",
        domains: [
          { domain: "b.internal" },
          {
            domain: "b2.internal",
            settings: {
              supportedCurrencies: [
                {
                  currencyCode: "USD",
                  minAmount: 1,
                  maxAmount: 1_000_000_000,
                  requiredCounterpartyFields: [{ name: "NATIONALITY", mandatory: true }],
                },
              ],
            },
          },
        ],
      },
    ]);
    A = instances.a;
    B = instances.b;
    alice = await umaCustomer(A, "a.internal", "alice", 100_000);
    bob = await umaCustomer(B, "b.internal", "bob", 50_000);
    // A's keys exist once it has signed something: a lookup makes them.
    await umaCall(A, "a.internal", "GET", `/receiver/uma/${encodeURIComponent("$bob@b.internal")}`);
    const aId = A.platforms["a.internal"].id;
    const [k] = await A.sql`select signing_private_key_enc from uma_vasp_keys where platform_id = ${aId}`;
    aKey = await decryptAtRest(Buffer.from(kek, "hex"), k.signing_private_key_enc, `uma_vasp_keys:${aId}:signing`);
  }, 180_000);
  afterAll(async () => {
    await A?.stop();
    await B?.stop();
  });

  async function pay(from: UmaInstance, domain: string, accountId: string, to: string, amount: number, extra = {}) {
    const look = await umaCall(from, domain, "GET", `/receiver/uma/${encodeURIComponent(to)}`);
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    return umaCall(from, domain, "POST", "/quotes", {
      lookupId: look.body.lookupId,
      source: { sourceType: "ACCOUNT", accountId },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: to, currency: "USD" },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      ...extra,
    });
  }

  it("serves its keys and a signed LNURLP answer only for its configured domain", async () => {
    const keys = await getAsDomain(B.server.url, "/.well-known/lnurlpubkey", "b.internal");
    const body = keys.body;
    expect(keys.status).toBe(200);
    expect(body.signingCertChain).toHaveLength(1);
    expect(body.encryptionPubKey).not.toBe(body.signingPubKey);
    const other = await getAsDomain(B.server.url, "/.well-known/lnurlpubkey", "elsewhere.test");
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("UMA_NOT_FOUND");
    // An unsigned LNURLP request is no UMA request; one for a user the domain does not have, the same 404.
    expect((await getAsDomain(B.server.url, "/.well-known/lnurlp/bob", "b.internal")).status).toBe(400);
  });

  it("looks up a receiver on the other instance over the protocol", async () => {
    const look = await umaCall(A, "a.internal", "GET", `/receiver/uma/${encodeURIComponent("$bob@b.internal")}`);
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.receiverUmaAddress).toBe("$bob@b.internal");
    expect(look.body.supportedCurrencies.map((c: any) => c.currency.code)).toEqual(["USD"]);
    const missing = await umaCall(A, "a.internal", "GET", `/receiver/uma/${encodeURIComponent("$nobody@b.internal")}`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("UMA_NOT_FOUND");
    const unreachable = await umaCall(A, "a.internal", "GET", `/receiver/uma/${encodeURIComponent("$x@gone.invalid")}`);
    expect(unreachable.status).toBe(424);
    expect(unreachable.body.code).toBe("LNURLP_REQUEST_FAILED");
  });

  it("pays from A to B and from B to A, crediting the receiver through an INCOMING transaction", async () => {
    const ab = await pay(A, "a.internal", alice.accountId, "$bob@b.internal", 1_500, { immediatelyExecute: true });
    expect(ab.status, JSON.stringify(ab.body)).toBe(201);
    // What B's VASP said of its receiver, shown to the payer before confirming.
    expect(ab.body.counterpartyInformation).toEqual({ FULL_NAME: "Test User" });
    expect(await balanceOf(A, "a.internal", alice.id)).toBe(100_000 - ab.body.totalSendingAmount);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(50_000 + 1_500);
    const incoming = await umaCall(B, "b.internal", "GET", `/transactions?customerId=${bob.id}&type=INCOMING`);
    const credit = incoming.body.data.find((t: any) => t.receivedAmount?.amount === 1_500 || t.status === "COMPLETED");
    expect(credit).toBeDefined();

    const ba = await pay(B, "b.internal", bob.accountId, "$alice@a.internal", 700, { immediatelyExecute: true });
    expect(ba.status, JSON.stringify(ba.body)).toBe(201);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(50_000 + 1_500 - ba.body.totalSendingAmount);
    expect(await balanceOf(A, "a.internal", alice.id)).toBe(100_000 - ab.body.totalSendingAmount + 700);
  });

  /** A's signing key, read from A's database as its platform holds it (the test process shares the KEK). */
  async function deliver(invoice: string, d: Partial<SettlementDelivery>, key?: Uint8Array) {
    const [row] = await A.sql`select payer_identifier, amount from uma_outgoing_payments where invoice = ${invoice}`;
    const delivery: SettlementDelivery = {
      invoice,
      senderVaspDomain: "a.internal",
      payerIdentifier: row.payer_identifier,
      amount: Number(row.amount),
      currency: "USD",
      paymentId: "test-delivery",
      nonce: generateNonce(),
      timestamp: Math.floor(Date.now() / 1000),
      ...d,
    };
    const signature = await signPayload(settlementPayload(delivery), key ?? newCertifiedKey("x").privateKey);
    const res = await fetch(invoice, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...delivery, signature }),
    });
    return { status: res.status, body: await res.json() };
  }

  it("refuses a delivery with a bad signature or an expired nonce, and credits a retried delivery once", async () => {
    const q = await pay(A, "a.internal", alice.accountId, "$bob@b.internal", 900);
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    const [{ invoice }] = await A.sql`select invoice from uma_outgoing_payments order by created_at desc limit 1`;
    const before = await balanceOf(B, "b.internal", bob.id);

    const forged = await deliver(invoice, {});
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe("INVALID_SIGNATURE");
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before);

    const exec = await umaCall(A, "a.internal", "POST", `/quotes/${q.body.id}/execute`, {});
    expect(exec.status, JSON.stringify(exec.body)).toBe(200);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before + 900);

    // The same payment delivered again, signed by A: the invoice's one settlement answers, nothing more is credited.
    const retried = await deliver(invoice, {}, aKey);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.status).toBe("SETTLED");
    const [{ n }] =
      await B.sql`select count(*)::int as n from transactions where destination_account_id = ${bob.accountId.replace(/^InternalAccount:/, "")} and receiving_amount = 900`;
    expect(n).toBe(1);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before + 900);
  });

  it("refuses a delivery whose timestamp is past the nonce window, signed by the right key", async () => {
    const q = await pay(A, "a.internal", alice.accountId, "$bob@b.internal", 300);
    expect(q.status).toBe(201);
    const [{ invoice }] = await A.sql`select invoice from uma_outgoing_payments order by created_at desc limit 1`;
    const before = await balanceOf(B, "b.internal", bob.id);
    const old = await deliver(invoice, { timestamp: Math.floor(Date.now() / 1000) - 3600 }, aKey);
    expect(old.status).toBe(401);
    expect(old.body.details.reason).toBe("UMA_NONCE_REFUSED");
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before);
  });

  it("a receiver that requires more payer data than the sender has refuses the quote", async () => {
    await umaCustomer(B, "b2.internal", "carol");
    const q = await pay(A, "a.internal", alice.accountId, "$carol@b2.internal", 100);
    expect(q.status, JSON.stringify(q.body)).toBe(400);
    expect(q.body.code).toBe("MISSING_MANDATORY_USER_INFO");
    const given = await pay(A, "a.internal", alice.accountId, "$carol@b2.internal", 100, {
      senderCustomerInfo: { NATIONALITY: "US" },
      immediatelyExecute: true,
    });
    expect(given.status, JSON.stringify(given.body)).toBe(201);
  });
});
