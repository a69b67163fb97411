/** POST /crypto/estimate-withdrawal-fee: Grid's shape, the sandbox fee table, refusals, tenants. */
import { describe, expect, it } from "vitest";
import { call, newPlatform } from "../../support/api";
import { moneyCustomer } from "../../support/money";
import { setPlatformEnvironment } from "../../support/credentials";

const SOLANA_ADDRESS = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const EVM_ADDRESS = "0x52908400098527886E0F7030069857D2E4169EE7";

describe("POST /crypto/estimate-withdrawal-fee", () => {
  it("answers the sandbox table: network fee in its asset, total in the withdrawal currency, no application fee", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USDC", "BTC"]);
    const est = (body: Record<string, unknown>) =>
      call("POST", "/crypto/estimate-withdrawal-fee", { auth: p.auth, body });
    const sol = await est({
      internalAccountId: c.accounts.USDC,
      currency: "USDC",
      cryptoNetwork: "SOLANA",
      amount: 1_000_000,
      destinationAddress: SOLANA_ADDRESS,
    });
    expect(sol.status).toBe(200);
    expect(sol.body).toEqual({
      networkFee: 5_000,
      networkFeeAsset: "SOL",
      applicationFee: 0,
      totalFee: 800,
      netAmount: 999_200,
    });
    const eth = await est({
      internalAccountId: c.accounts.USDC,
      currency: "USDC",
      cryptoNetwork: "ETHEREUM",
      amount: 10_000_000,
      destinationAddress: EVM_ADDRESS,
    });
    expect(eth.body).toEqual({
      networkFee: 630_000_000_000_000,
      networkFeeAsset: "ETH",
      applicationFee: 0,
      totalFee: 1_890_000,
      netAmount: 8_110_000,
    });
    const btc = await est({
      internalAccountId: c.accounts.BTC,
      currency: "BTC",
      cryptoNetwork: "BITCOIN",
      amount: 100_000,
      destinationAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
    });
    expect(btc.body).toEqual({
      networkFee: 1_500,
      networkFeeAsset: "BTC",
      applicationFee: 0,
      totalFee: 1_500,
      netAmount: 98_500,
    });
    // Nothing moved: an estimate is only an answer.
    expect((await call("GET", `/internal-accounts/${c.accounts.USDC}`, { auth: p.auth })).body.balance.amount).toBe(0);
  });

  it("refuses a wrong currency, network, address or an amount that does not cover the fee, naming each field", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USDC", "USD"]);
    const est = (body: Record<string, unknown>) =>
      call("POST", "/crypto/estimate-withdrawal-fee", { auth: p.auth, body });
    const wrong = await est({
      internalAccountId: c.accounts.USDC,
      currency: "USDC",
      cryptoNetwork: "TRON",
      amount: 1_000_000,
      destinationAddress: EVM_ADDRESS,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "cryptoNetwork",
      "destinationAddress",
    ]);
    const cur = await est({
      internalAccountId: c.accounts.USDC,
      currency: "BTC",
      cryptoNetwork: "SOLANA",
      amount: 1_000_000,
      destinationAddress: SOLANA_ADDRESS,
    });
    expect(cur.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["currency"]);
    const fiat = await est({
      internalAccountId: c.accounts.USD,
      currency: "USD",
      cryptoNetwork: "SOLANA",
      amount: 1_000,
      destinationAddress: SOLANA_ADDRESS,
    });
    expect(fiat.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["internalAccountId"]);
    const tiny = await est({
      internalAccountId: c.accounts.USDC,
      currency: "USDC",
      cryptoNetwork: "SOLANA",
      amount: 800,
      destinationAddress: SOLANA_ADDRESS,
    });
    expect(tiny.body.details.errors.map((e: { field: string }) => e.field)).toEqual(["amount"]);
    const bad = await est({ internalAccountId: c.accounts.USDC, currency: "USDC", cryptoNetwork: "DOGE", amount: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "amount",
      "cryptoNetwork",
      "destinationAddress",
    ]);
  });

  it("isolates tenants and has a production seam that answers 503 until a fee source is configured", async () => {
    const p = await newPlatform();
    const c = await moneyCustomer(p, ["USDC"]);
    const body = {
      internalAccountId: c.accounts.USDC,
      currency: "USDC",
      cryptoNetwork: "SOLANA",
      amount: 1_000_000,
      destinationAddress: SOLANA_ADDRESS,
    };
    const q = await newPlatform();
    const other = await call("POST", "/crypto/estimate-withdrawal-fee", { auth: q.auth, body });
    expect(other.status).toBe(404);
    expect(other.body.code).toBe("INTERNAL_ACCOUNT_NOT_FOUND");
    await setPlatformEnvironment(p, "PRODUCTION");
    const prod = await call("POST", "/crypto/estimate-withdrawal-fee", { auth: p.auth, body });
    expect(prod.status).toBe(503);
    expect(prod.body.code).toBe("SERVICE_UNAVAILABLE");
  });
});
