import { ServiceError, type ServiceClient } from "@/lib/sdk";

/**
 * Sample data for a sandbox platform, made through the service's API only (the SDK over HTTP), so that it goes
 * through the very service functions, checks and webhooks a partner's calls do: customers of every KYC outcome, their
 * internal and external accounts, a completed, a pending and a failed payment, a card with transactions and an agent
 * whose payment awaits approval. Running it again adds nothing: customers are found by their platformCustomerId, the
 * payments' quotes carry Idempotency-Keys, and the card, the agent and the rest are looked up before they are made.
 * The outcomes come from the sandbox's suffix rules (docs/guides/sandbox.md).
 */

/** The platformCustomerId prefix of every sample customer. */
const SAMPLE_PREFIX = "sample-";

const CUSTOMERS = [
  { key: "approved", fullName: "Ada Sample" },
  { key: "pending", fullName: "Pat Sample 001" },
  { key: "rejected", fullName: "Rex Sample 002" },
  { key: "unverified", fullName: "Uma Sample 003" },
] as const;

/** Account numbers by payout outcome: anything else settles, 002 fails after the debit (refunded). */
const PAYOUT_OK = "000123456789";
const PAYOUT_FAILS = "000123456002";

export class SampleDataRefused extends Error {
  constructor(
    readonly code: "SANDBOX_ONLY" | "PAPERWORK_REQUIRED",
    message: string,
  ) {
    super(message);
  }
}

export interface SampleDataReport {
  /** What this run made, one line each (empty on a second run). */
  created: string[];
}

type Obj = Record<string, unknown> & { id: string };
interface Page<T> {
  data: T[];
}

/** Fill the client's platform with the sample set; refuses (SampleDataRefused) anything but a sandbox. */
export async function fillSampleData(client: ServiceClient): Promise<SampleDataReport> {
  const config = await client.getConfig();
  if (config.environment !== "SANDBOX")
    throw new SampleDataRefused("SANDBOX_ONLY", "Sample data is for sandbox platforms only: this one is PRODUCTION.");
  if (!config.skipVerificationPaperwork)
    throw new SampleDataRefused(
      "PAPERWORK_REQUIRED",
      "Sample customers resolve their KYC at creation: turn on skipVerificationPaperwork (PATCH /config) first.",
    );
  const created: string[] = [];
  const call = async <T>(method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    (await client.request(method, path, { body, headers })).body as T;
  const get = <T>(path: string, query: Record<string, string>) =>
    client.request("GET", path, { query }).then((r) => r.body as Page<T>);

  // Customers, one per KYC outcome (the suffix of the full name decides at creation).
  const customers: Record<string, Obj> = {};
  for (const c of CUSTOMERS) {
    const platformCustomerId = `${SAMPLE_PREFIX}${c.key}`;
    const [found] = (await get<Obj>("/customers", { platformCustomerId })).data;
    customers[c.key] =
      found ??
      (await call<Obj>("POST", "/customers", {
        customerType: "INDIVIDUAL",
        platformCustomerId,
        fullName: c.fullName,
        email: `${c.key}@sample.test`,
        birthDate: "1990-01-01",
        nationality: "US",
        currencies: ["USD"],
        address: { line1: "1 Sample Street", city: "San Francisco", postalCode: "94105", country: "US" },
        endUserTermsConsent: {
          termsVersion: "V1",
          acceptedAt: new Date().toISOString(),
          acceptanceMethod: "CHECKBOX",
          ipAddress: "127.0.0.1",
        },
      }));
    if (!found) created.push(`customer ${platformCustomerId}`);
  }
  const ada = customers.approved;

  // The unverified customer submitted once: its verification asks for the documents it lacks (the compliance page).
  const unverified = customers.unverified;
  if ((await get<Obj>("/verifications", { customerId: unverified.id })).data.length === 0) {
    await call("POST", "/verifications", { customerId: unverified.id });
    created.push("verification");
  }

  // Ada's USD account, funded once (a second run finds money there).
  const accounts = await get<Obj & { balance: { amount: number; currency: { code: string } } }>(
    "/customers/internal-accounts",
    { customerId: ada.id, currency: "USD" },
  );
  const usd = accounts.data.find((a) => a.balance.currency.code === "USD");
  if (!usd) throw new Error(`No USD account for ${ada.id}`);
  if (usd.balance.amount === 0) {
    await call("POST", `/sandbox/internal-accounts/${encodeURIComponent(usd.id)}/fund`, { amount: 100_000 });
    created.push("funding of 1,000.00 USD");
  }

  // Her bank accounts: one that receives, one whose payouts fail.
  const external = (
    await get<Obj & { accountInfo: { accountNumber?: string } }>("/customers/external-accounts", {
      customerId: ada.id,
    })
  ).data;
  const bank = async (accountNumber: string) => {
    const found = external.find((e) => e.accountInfo.accountNumber === accountNumber);
    if (found) return found;
    created.push(`external account …${accountNumber.slice(-4)}`);
    return call<Obj>("POST", "/customers/external-accounts", {
      customerId: ada.id,
      currency: "USD",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        accountNumber,
        routingNumber: "021000021",
        bankAccountType: "CHECKING",
        beneficiary: {
          beneficiaryType: "INDIVIDUAL",
          fullName: "Ada Sample",
          address: { line1: "1 Sample Street", postalCode: "94105", country: "US" },
        },
      },
    });
  };
  const payee = await bank(PAYOUT_OK);
  const failing = await bank(PAYOUT_FAILS);

  // A completed and a failed payout, each once: an account already paid is skipped, and the quote's Idempotency-Key
  // answers a run racing this one with the same quote.
  const payout = async (name: string, to: Obj, amount: number) => {
    if ((await get<Obj>("/transactions", { accountId: to.id, limit: "1" })).data.length > 0) return;
    await client.request("POST", "/quotes", {
      body: {
        source: { sourceType: "ACCOUNT", accountId: usd.id },
        destination: { destinationType: "ACCOUNT", accountId: to.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: amount,
        immediatelyExecute: true,
        description: `Sample ${name} payment`,
      },
      headers: { "Idempotency-Key": `sample-data:${name}:${usd.id}` },
    });
    created.push(`${name} payment`);
  };
  await payout("completed", payee, 2_500);
  await payout("failed", failing, 1_500);

  // A pending payment: an incoming UMA payment the sandbox holds in compliance review.
  const pending = await get<Obj>("/transactions", { customerId: ada.id, status: "PENDING", type: "INCOMING" });
  if (pending.data.length === 0) {
    await call("POST", "/sandbox/uma/receive", {
      senderUmaAddress: "$pending.long.usd@sandbox.uma.money",
      customerId: ada.id,
      receivingCurrencyCode: "USD",
      receivingCurrencyAmount: 4_200,
    });
    created.push("pending payment");
  }

  await sampleCard(client, ada, usd, created);
  await sampleAgent(client, ada, usd, payee, created);
  return { created };
}

/** A virtual card on Ada's USD account with one settled and one open authorization. */
async function sampleCard(client: ServiceClient, ada: Obj, usd: Obj, created: string[]) {
  const platformCardId = `${SAMPLE_PREFIX}card`;
  const found = (await client.listCards({ platformCardId, limit: 1 })).data[0];
  const card =
    found ??
    (
      await client.request("POST", "/cards", {
        body: { cardholderId: ada.id, platformCardId, form: "VIRTUAL", fundingSources: [usd.id] },
      })
    ).body;
  if (!found) created.push("card");
  const cardId = (card as Obj).id;
  const seen = await client.listTransactions({ cardId, limit: 1 });
  if (seen.data.length > 0) return;
  const simulate = (op: string, body: unknown) =>
    client.request("POST", `/sandbox/cards/${encodeURIComponent(cardId)}/simulate/${op}`, { body });
  const usdCode = { code: "USD" };
  await simulate("authorization", { amount: 1_250, currency: usdCode, merchant: { descriptor: "SAMPLE COFFEE" } });
  const [coffee] = (await client.listTransactions({ cardId, limit: 1 })).data;
  if (coffee) await simulate("clearing", { cardTransactionId: coffee.id, amount: 1_250 });
  await simulate("authorization", { amount: 3_000, currency: usdCode, merchant: { descriptor: "SAMPLE BOOKS" } });
  created.push("card transactions");
}

/** An agent for Ada whose payment waits for the platform's approval (the approvals page's queue). */
async function sampleAgent(client: ServiceClient, ada: Obj, usd: Obj, payee: Obj, created: string[]) {
  const name = "Sample bookkeeper";
  const agents = await client.listAgents({ customerId: ada.id, limit: 100 });
  if (agents.data.some((a) => a.name === name)) return;
  const made = await client.createAgent({
    name,
    customerId: ada.id,
    policy: {
      permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES"],
      defaultExecutionMode: "APPROVAL_REQUIRED",
      spendingLimits: { currency: "USD", perTransactionLimit: 10_000 },
    },
  });
  created.push("agent");
  const code = encodeURIComponent(made.deviceCode.code);
  const redeemed = (await client.request("POST", `/agents/device-codes/${code}/redeem`)).body as {
    accessToken: string;
  };
  const bearer = { authorization: `Bearer ${redeemed.accessToken}` };
  const quote = (
    await client.request("POST", "/agents/me/quotes", {
      body: {
        source: { sourceType: "ACCOUNT", accountId: usd.id },
        destination: { destinationType: "ACCOUNT", accountId: payee.id },
        lockedCurrencySide: "SENDING",
        lockedCurrencyAmount: 1_000,
        description: "Sample payment awaiting approval",
      },
      headers: { ...bearer, "Idempotency-Key": `sample-data:agent:${made.agent.id}` },
    })
  ).body as Obj;
  await client.request("POST", `/agents/me/quotes/${encodeURIComponent(quote.id)}/execute`, { headers: bearer });
  created.push("payment awaiting approval");
}

/** A refusal or an API error as one line for the console or the terminal. */
export function sampleDataFailure(e: unknown): string {
  if (e instanceof SampleDataRefused) return e.message;
  if (e instanceof ServiceError) return `${e.body.code}: ${e.body.message}`;
  return e instanceof Error ? e.message : String(e);
}
