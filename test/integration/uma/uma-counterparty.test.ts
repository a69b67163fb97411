import http from "node:http";
import { encodeToUrl, getSignableLnurlpRequestPayload, signPayload } from "@uma-sdk/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asDomain, type Counterparty, counterpartyPays, startCounterparty } from "../../support/uma-counterparty";
import { balanceOf, startUmaInstances, umaCall, umaCustomer, type UmaInstance } from "../../support/uma-instances";

/**
 * One instance against a counterparty VASP written only with @uma-sdk/core (test/support/uma-counterparty.ts), both
 * directions; and against VASPs that answer garbage or nothing.
 */
describe("UMA against a counterparty VASP built only on @uma-sdk/core", () => {
  let B: UmaInstance;
  let cp: Counterparty;
  let bob: { id: string; accountId: string };
  const servers: http.Server[] = [];

  async function listen(handler: http.RequestListener): Promise<string> {
    const s = http.createServer(handler);
    servers.push(s);
    await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
    return `http://127.0.0.1:${(s.address() as { port: number }).port}`;
  }

  beforeAll(async () => {
    cp = await startCounterparty("c.internal");
    const junk = await listen((_req, res) => res.end("<html>not UMA</html>"));
    // Answers the headers, then never the body: the request deadline, not the VASP, ends the wait.
    const slow = await listen((_req, res) => res.writeHead(200, { "content-type": "application/json" }));
    const huge = await listen((_req, res) => res.end(JSON.stringify({ pad: "x".repeat(200_000) })));
    const { instances } = await startUmaInstances([{ name: "b", domains: [{ domain: "b.internal" }] }], {
      "c.internal": cp.origin,
      "junk.internal": junk,
      "slow.internal": slow,
      "huge.internal": huge,
    });
    B = instances.b;
    cp.peers.set("b.internal", B.server.url.replace("localhost", "127.0.0.1"));
    bob = await umaCustomer(B, "b.internal", "bob", 50_000);
  }, 180_000);
  afterAll(async () => {
    await B?.stop();
    await cp?.close();
    for (const s of servers) {
      s.closeAllConnections();
      s.close();
    }
  });

  it("pays the counterparty: its library verifies our LNURLP and pay requests, and our delivery reaches its invoice", async () => {
    const to = "$carl@c.internal";
    const look = await umaCall(B, "b.internal", "GET", `/receiver/uma/${encodeURIComponent(to)}`);
    expect(look.status, JSON.stringify(look.body)).toBe(200);
    expect(look.body.requiredPayerDataFields).toEqual([{ name: "FULL_NAME", mandatory: true }]);
    const q = await umaCall(B, "b.internal", "POST", "/quotes", {
      lookupId: look.body.lookupId,
      source: { sourceType: "ACCOUNT", accountId: bob.accountId },
      destination: { destinationType: "UMA_ADDRESS", umaAddress: to, currency: "USD" },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 1_234,
      immediatelyExecute: true,
    });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
    expect(cp.payRequests).toHaveLength(1);
    expect(cp.payRequests[0].payerData?.identifier).toBe("$bob@b.internal");
    expect(cp.payRequests[0].payerData?.name).toBe("Test User");
    expect(cp.payRequests[0].payerData?.compliance?.encryptedTravelRuleInfo).toMatch(/^[0-9a-f]+$/);
    expect(cp.received).toHaveLength(1);
    expect(cp.received[0].body).toMatchObject({ amount: 1_234, currency: "USD", senderVaspDomain: "b.internal" });
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(50_000 - q.body.totalSendingAmount);
  });

  it("is paid by the counterparty: every answer verifies with the library, and the receiver is credited once", async () => {
    const before = await balanceOf(B, "b.internal", bob.id);
    const r = await counterpartyPays(cp, B.server.url.replace("localhost", "127.0.0.1"), "$bob@b.internal", 2_500);
    expect(r.lnurlp.status, JSON.stringify(r.lnurlp.json)).toBe(200);
    expect(r.lnurlpVerified).toBe(true);
    expect(r.payreq?.status, JSON.stringify(r.payreq?.json)).toBe(200);
    expect(r.payReqVerified).toBe(true);
    expect(r.settled?.status, JSON.stringify(r.settled?.json)).toBe(200);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before + 2_500);
    // The same delivery again: the invoice's one settlement, nothing more credited.
    const inv = new URL(r.delivery!.invoice);
    const again = await asDomain(inv.origin, inv.host, inv.pathname, r.delivery);
    expect(again.status).toBe(200);
    expect(again.json.transactionId).toBe(r.settled?.json.transactionId);
    expect(await balanceOf(B, "b.internal", bob.id)).toBe(before + 2_500);
    const incoming = await umaCall(B, "b.internal", "GET", `/transactions/${r.settled?.json.transactionId}`);
    expect(incoming.body).toMatchObject({
      type: "INCOMING",
      status: "COMPLETED",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$carl@c.internal" },
    });
  });

  it("refuses an LNURLP request with a bad signature or a stale timestamp", async () => {
    const origin = B.server.url.replace("localhost", "127.0.0.1");
    const signed = async (timestamp: Date, key: Uint8Array) => {
      const q = {
        receiverAddress: "$bob@b.internal",
        nonce: String(Math.random()).slice(2),
        timestamp,
        vaspDomain: "c.internal",
        isSubjectToTravelRule: true,
        umaVersion: "1.0",
        signature: "",
      };
      q.signature = await signPayload(getSignableLnurlpRequestPayload(q), key);
      const url = encodeToUrl(q);
      return asDomain(origin, "b.internal", `${url.pathname}${url.search}`);
    };
    const forged = await signed(new Date(), new Uint8Array(32).fill(7));
    expect(forged.status).toBe(401);
    expect(forged.json.code).toBe("INVALID_SIGNATURE");
    const stale = await signed(new Date(Date.now() - 3_600_000), cp.signing.priv);
    expect(stale.status).toBe(401);
    expect(stale.json.details.reason).toBe("UMA_NONCE_REFUSED");
  });

  it("a VASP that answers garbage, too much or nothing in time is 424 LNURLP_REQUEST_FAILED, never a hang or a 500", async () => {
    for (const domain of ["junk.internal", "slow.internal", "huge.internal"]) {
      const look = await umaCall(B, "b.internal", "GET", `/receiver/uma/${encodeURIComponent(`$x@${domain}`)}`);
      expect(look.status, `${domain}: ${JSON.stringify(look.body)}`).toBe(424);
      expect(look.body.code).toBe("LNURLP_REQUEST_FAILED");
    }
  });
});
