/**
 * The sandbox's money simulations are limited per platform per minute (lib/server/rate-limit/limit-sandbox-money.ts,
 * SANDBOX_MONEY_PER_MINUTE): a peer server on the suite's database allows three. The fourth funding answers 429
 * RATE_LIMITED with Retry-After and credits nothing; the other simulations share the count; another platform is not
 * held back by it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, newPlatform, startPeerServer } from "../../support/api";
import { balance, moneyCustomer } from "../../support/money";
import type { RunningServer } from "../../support/server";

let peer: RunningServer;

beforeAll(async () => {
  peer = await startPeerServer({
    SANDBOX_MONEY_PER_MINUTE: "3",
    WEBHOOK_WORKER: "off",
    BULK_IMPORT_WORKER: "off",
    STABLECOIN_WORKER: "off",
    PLAID_WORKER: "off",
    SWEEPER: "off",
  });
});

afterAll(async () => {
  await peer?.stop();
});

describe("sandbox money simulations per platform", () => {
  it("refuses the platform's simulations past the limit with 429 and Retry-After, and not another platform's", async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const { accounts } = await moneyCustomer(p, ["USD"]);
    const fund = (auth: string, account: string) =>
      call("POST", `/sandbox/internal-accounts/${account}/fund`, { auth, body: { amount: 100 }, origin: peer.url });
    for (let i = 0; i < 3; i++) expect((await fund(p.auth, accounts.USD)).status).toBe(200);

    const refused = await fund(p.auth, accounts.USD);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("RATE_LIMITED");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await balance(p, accounts.USD)).toBe(300);

    // The UMA receive simulation is counted with the fundings.
    const uma = await call("POST", "/sandbox/uma/receive", {
      auth: p.auth,
      origin: peer.url,
      body: {
        senderUmaAddress: "$success.usd@sandbox.uma.money",
        customerId: "Customer:x",
        receivingCurrencyCode: "USD",
        receivingCurrencyAmount: 1,
      },
    });
    expect(uma.status).toBe(429);

    const o = await moneyCustomer(other, ["USD"]);
    expect((await fund(other.auth, o.accounts.USD)).status).toBe(200);
  });
});
