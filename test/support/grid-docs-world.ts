/** One example's world for test/integration/edge/grid-docs-corpus.test.ts: a sandbox platform and the objects its placeholders name. */
import { api, call, newPlatform } from "./api";
import { approvalAgent, cardholder, fund, moneyCustomer, quoteBody, usdExternal } from "./money";
import type { Receiver } from "./webhook-receiver";
import { newWalletUser, sdkFor, signInWithEmailOtp } from "./wallet";

/** Memoize an async factory: one object per world however many placeholders name it. */
function once<T>(make: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= make();
    return p;
  };
}

async function ok(r: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const res = await r;
  if (res.status >= 300) throw new Error(`setup ${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * One example's world: its own sandbox platform and the objects its placeholders name, created on first use. A fresh
 * world per example keeps the examples independent (a page's `platformCustomerId`, `Idempotency-Key` or card closed
 * by one example never reaches another).
 */
export class World {
  /** `paperwork`: customers are verified through POST /verifications (the KYC pages' flow), not at creation. */
  constructor(
    private readonly receiver: Receiver,
    private readonly paperwork = false,
  ) {}

  platform = once(async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: !this.paperwork } });
    // A receiver for POST /webhooks/test (sandbox platforms may use loopback).
    await ok(call("PATCH", "/config", { auth: p.auth, body: { webhookEndpoint: this.receiver.url } }), "config");
    return p;
  });

  /** An approved individual with USD, EUR, MXN, BTC and USDC accounts, its USD account funded with $100,000. */
  holder = once(async () => {
    const p = await this.platform();
    const c = await cardholder(p, ["USD", "EUR", "MXN", "BTC", "USDC"]);
    await fund(p, c.accounts.USD, 10_000_000);
    return c;
  });

  customer = once(
    async () => (await this.holder()).customer as { id: string; platformCustomerId: string; umaAddress: string },
  );
  account = async (currency = "USD") => (await this.holder()).accounts[currency];

  /** A customer with an EMBEDDED_WALLET and its EMAIL_OTP credential (the Global Accounts pages' customer). */
  walletUser = once(async () => {
    const p = await this.platform();
    return newWalletUser(p, sdkFor(p));
  });
  wallet = async () => (await this.walletUser()).accountId;

  /** A second customer (an invitee, a payee). */
  other = once(async () => (await moneyCustomer(await this.platform(), ["USD"])).customer);

  /** An agent of the customer with every permission, acting without approval; its Bearer authorization. */
  agentAuth = once(async () => {
    const p = await this.platform();
    const created = await ok(
      call("POST", "/agents", {
        auth: p.auth,
        body: {
          name: "Docs agent",
          customerId: (await this.customer()).id,
          policy: {
            permissions: [
              "VIEW_TRANSACTIONS",
              "CREATE_TRANSFERS",
              "CREATE_QUOTES",
              "EXECUTE_QUOTES",
              "MANAGE_EXTERNAL_ACCOUNTS",
            ],
            defaultExecutionMode: "AUTO",
            spendingLimits: { currency: "USD", perTransactionLimit: 10_000_000 },
          },
        },
      }),
      "agent",
    );
    const redeemed = await ok(call("POST", `/agents/device-codes/${created.deviceCode.code}/redeem`), "redeem");
    return `Bearer ${redeemed.accessToken}`;
  });

  bulkJob = once(async () => {
    const p = await this.platform();
    const fd = new FormData();
    fd.append("file", new Blob([CSV], { type: "text/csv" }), "customers.csv");
    const res = await fetch(`${api()}/customers/bulk/csv`, {
      method: "POST",
      headers: { authorization: p.auth },
      body: fd,
    });
    const job = await res.json();
    if (res.status >= 300) throw new Error(`setup bulk job: ${res.status} ${JSON.stringify(job)}`);
    return job.jobId as string;
  });

  platformAccount = once(async () => {
    const p = await this.platform();
    const list = await ok(call("GET", "/platform/internal-accounts", { auth: p.auth }), "platform accounts");
    const usd = list.data.find((a: any) => a.balance?.currency?.code === "USD") ?? list.data[0];
    await fund(p, usd.id, 10_000_000);
    return usd.id as string;
  });

  external = once(async () => usdExternal(await this.platform(), (await this.customer()).id));

  business = once(async () => {
    const p = await this.platform();
    return ok(
      call("POST", "/customers", {
        auth: p.auth,
        body: {
          customerType: "BUSINESS",
          businessInfo: {
            legalName: "Acme Corporation",
            country: "US",
            incorporatedOn: "2015-06-01",
            registrationNumber: "REG-1234",
            taxId: "12-3456789",
          },
          address: { line1: "1 Market St", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
        },
      }),
      "business",
    );
  });

  beneficialOwner = once(async () => {
    const p = await this.platform();
    const b = await this.business();
    const owner = await ok(
      call("POST", "/beneficial-owners", {
        auth: p.auth,
        body: {
          customerId: b.id,
          roles: ["UBO"],
          ownershipPercentage: 60,
          personalInfo: {
            firstName: "Jane",
            lastName: "Doe",
            birthDate: "1980-04-12",
            nationality: "US",
            address: { line1: "1 Main St", postalCode: "94105", country: "US" },
            idType: "SSN",
            identifier: "123-45-6789",
          },
        },
      }),
      "beneficial owner",
    );
    return owner.id as string;
  });

  /** A fresh quote: $10.00 from the customer's USD account to its bank account. */
  quote = async () => {
    const p = await this.platform();
    const q = await ok(
      call("POST", "/quotes", { auth: p.auth, body: quoteBody(await this.account(), await this.external(), 1000) }),
      "quote",
    );
    return q.id as string;
  };

  /** The currency a page's `POST /sandbox/send` pays in (its body's currencyCode). */
  sendCurrency = "USD";

  /**
   * The quote a page's `POST /sandbox/send` pays: a REALTIME_FUNDING quote of the customer in the currency the page
   * sends (the quote the page made a step before), $10.00's worth to its bank account.
   */
  realtimeQuote = async () => {
    const p = await this.platform();
    const body = {
      source: { sourceType: "REALTIME_FUNDING", currency: this.sendCurrency, customerId: (await this.customer()).id },
      destination: { destinationType: "ACCOUNT", accountId: await this.external() },
      lockedCurrencySide: "RECEIVING",
      lockedCurrencyAmount: 1000,
    };
    const q = await ok(call("POST", "/quotes", { auth: p.auth, body }), "real-time funding quote");
    return q.id as string;
  };

  transaction = once(async () => {
    const p = await this.platform();
    const t = await ok(call("POST", `/quotes/${await this.quote()}/execute`, { auth: p.auth }), "execute");
    return (t.transactionId ?? t.id) as string;
  });

  /** An agent's transaction waiting for the platform's approval. */
  pendingTransaction = once(async () => {
    const p = await this.platform();
    const bearer = `Bearer ${await approvalAgent(p, (await this.customer()).id)}`;
    const q = await ok(
      call("POST", "/agents/me/quotes", {
        auth: bearer,
        body: quoteBody(await this.account(), await this.external(), 1000),
      }),
      "agent quote",
    );
    const t = await ok(call("POST", `/agents/me/quotes/${q.id}/execute`, { auth: bearer }), "agent execute");
    return (t.transactionId ?? t.quote?.transactionId ?? t.id) as string;
  });

  card = once(async () => {
    const p = await this.platform();
    const c = await ok(
      call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId: (await this.customer()).id, form: "VIRTUAL", fundingSources: [await this.account()] },
      }),
      "card",
    );
    return c.id as string;
  });

  /** A card funded by the wallet customer's EMBEDDED_WALLET (what a delegated key signs for). */
  walletCard = once(async () => {
    const p = await this.platform();
    const u = await this.walletUser();
    const c = await ok(
      call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId: u.customerId, form: "VIRTUAL", fundingSources: [u.accountId] },
      }),
      "wallet card",
    );
    return c.id as string;
  });

  /** A card purchase of $100: authorized, then (as the return pages need) cleared, then returned. */
  authorizedCardTransaction = once(async () => {
    const p = await this.platform();
    const card = await this.card();
    await ok(
      call("POST", `/sandbox/cards/${card}/simulate/authorization`, {
        auth: p.auth,
        body: { amount: 10_000, currency: { code: "USD" }, merchant: { descriptor: "BLUE BOTTLE COFFEE SF CA" } },
      }),
      "card authorization",
    );
    const list = await ok(
      call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(card)}`, { auth: p.auth }),
      "card transactions",
    );
    return list.data[0]?.id as string;
  });
  clearedCardTransaction = once(async () => {
    const id = await this.authorizedCardTransaction();
    const body = { cardTransactionId: id, amount: 10_000 };
    await ok(this.simulate("clearing", body), "card clearing");
    return id;
  });
  returnedCardTransaction = once(async () => {
    const id = await this.clearedCardTransaction();
    await ok(this.simulate("return", { cardTransactionId: id, amount: 10_000 }), "card return");
    return id;
  });
  private simulate = async (what: string, body: unknown) =>
    call("POST", `/sandbox/cards/${await this.card()}/simulate/${what}`, { auth: (await this.platform()).auth, body });

  authMethod = async () => (await this.walletUser()).credentialId;

  /** A signed-in session of the wallet and its key (the signer of the wallet's signed retries). */
  signedIn = once(async () => signInWithEmailOtp(sdkFor(await this.platform()), await this.authMethod()));
  session = async () => (await this.signedIn()).session.id as string;

  /** The sandbox address a page's "someone to pay" stands for (its currency follows the page's body). */
  payee = "$success.usd@sandbox.uma.money";

  lookup = once(async () => {
    const p = await this.platform();
    const c = await this.customer();
    const l = await ok(
      call("GET", `/receiver/uma/${encodeURIComponent(this.payee)}?customerId=${encodeURIComponent(c.id)}`, {
        auth: p.auth,
      }),
      "lookup",
    );
    return l.lookupId as string;
  });

  invitation = once(async () => {
    const p = await this.platform();
    const inv = await ok(
      call("POST", "/invitations", { auth: p.auth, body: { inviterUma: (await this.customer()).umaAddress } }),
      "invitation",
    );
    return inv.code as string;
  });

  /** The authorization an example's path needs: the agent's Bearer token under /agents/me, else the platform's. */
  auth = async (path: string) => (/^\/agents\/me\//.test(path) ? this.agentAuth() : (await this.platform()).auth);
}

/** A bulk import file: a header row of Grid's columns and one customer. */
export const CSV =
  "umaAddress,platformCustomerId,customerType,fullName\n$csv.jane@example.com,csv_001,INDIVIDUAL,Jane Doe\n";

/** A JPEG's first bytes: enough for the service's type sniffing of a document upload. */
export const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
