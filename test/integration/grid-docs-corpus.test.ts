/**
 * Grid's documentation as a test corpus (issue 27 item 9). Every `curl` example of Grid's documentation pages and every
 * named request example of Grid's OpenAPI document, read at run time from the shared reference folder
 * (test/support/grid-reference.ts; skipped with a message when it is absent), is sent to this service as a partner
 * following Grid's pages would send it: on a sandbox platform of its own, with the page's placeholder identifiers
 * (`Customer:019542f5-…`, `InternalAccount:abc123`, `{quoteId}`, …) replaced by objects created first. Each documented
 * request is expected to be accepted (2xx) and each answer to parse with Grid's response schema for that operation and
 * status (test/support/grid-docs-corpus.ts: ajv over Grid's openapi.yaml).
 *
 * CANNOT_RUN lists the examples that cannot be sent as a request here, each group with its reason. The examples that
 * run and fail are listed in two parts: DECIDED_DIFFERENCES, where the spec or docs/protocol.md decides otherwise than
 * the page (each group names its rule and is a row of docs/protocol.md "Differences from Grid"), and GAPS, shortcomings
 * of the service or of this runner still to fix (the goal is none). The test fails when an example fails that is not
 * listed, when a listed one passes (the lists stay true), and when a list names an example the corpus does not have.
 * It prints the counts of both.
 */
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, call, newPlatform } from "../support/api";
import { type DocExample, curlExamples, gridResponseChecker, openApiExamples } from "../support/grid-docs-corpus";
import { gridReferenceDir, loadGridDocument } from "../support/grid-reference";
import { approvalAgent, cardholder, fund, moneyCustomer, quoteBody, usdExternal } from "../support/money";
import { type Receiver, startReceiver } from "../support/webhook-receiver";
import { newWalletUser, otpBundle, sdkFor, signInWithEmailOtp } from "../support/wallet";
import type { P256KeyPair } from "@/lib/crypto";
import { stampSigner } from "@/lib/sdk";

const gridDocument = await loadGridDocument();
const referenceDir = gridReferenceDir();

/** Examples that cannot be sent as a request here, grouped by the reason. */
const CANNOT_RUN: [reason: string, ids: string[]][] = [
  [
    "a fragment, not a request: the page elides the URL's path (`…/2025-10-13...`)",
    ["api-reference/authentication.mdx:12"],
  ],
  [
    "the page's body is not complete JSON (parts elided with `...` or annotated with comments): there is no request to send",
    [
      "global-p2p/onboarding/configuring-customers.mdx:69",
      "payouts-and-b2b/quickstart.mdx:298",
      "ramps/onboarding/configuring-customers.mdx:46",
      "ramps/onboarding/configuring-customers.mdx:67",
      "ramps/platform-tools/sandbox-testing.mdx:333",
      "snippets/creating-customers/customers.mdx:110",
      "snippets/creating-customers/customers.mdx:143",
      "snippets/creating-customers/customers.mdx:159",
      "snippets/creating-customers/customers.mdx:232",
      "snippets/creating-customers/customers.mdx:57",
      "snippets/external-accounts.mdx:1427",
    ],
  ],
  [
    "the page names an operation Grid's OpenAPI does not have (`GET /internal-account`, `GET /internal-accounts`)",
    ["payouts-and-b2b/quickstart.mdx:122", "snippets/global-accounts/walkthrough.mdx:50"],
  ],
  [
    "a cursor from Grid's own list (`eyJpZCI6IlRyYW5z...`): cursors are opaque, only the service that issued one continues its list",
    ["payouts-and-b2b/payment-flow/list-transactions.mdx:193"],
  ],
  [
    "a placeholder OIDC token (`eyJhbGciOi…`, or one long expired): a real one is signed by the platform's identity provider; OAUTH credentials run in test/integration/oauth.test.ts",
    [
      "snippets/global-accounts/authentication.mdx:448",
      "snippets/global-accounts/authentication.mdx:465",
      "snippets/global-accounts/authentication.mdx:683",
      "snippets/global-accounts/authentication.mdx:711",
      "snippets/sandbox-global-account-magic.mdx:137",
      "openapi POST /auth/credentials oauth",
      "openapi POST /auth/credentials/{id}/verify oauth",
    ],
  ],
  [
    "an SMS_OTP verify: its `encryptedOtpBundle` seals a code sent by SMS to a credential only a signed retry adds (an EMAIL_OTP bundle is sealed here for the EMAIL_OTP examples); SMS OTP sign-in runs in test/integration/sms-otp.test.ts",
    ["openapi POST /auth/credentials/{id}/verify smsOtp"],
  ],

  [
    "placeholder WebAuthn values (`clientPublicKey`, an attestation or assertion, a passkey credential): made by a real authenticator; passkeys run in test/integration/passkeys.test.ts",
    [
      "snippets/sandbox-global-account-magic.mdx:69",
      "snippets/sandbox-global-account-magic.mdx:77",
      "openapi POST /auth/credentials passkey",
      "openapi POST /auth/credentials/{id}/verify passkey",
      "openapi POST /auth/credentials/{id}/challenge passkey",
    ],
  ],
  [
    "needs a payment held for SCA (an EEA customer with a live SCA session and a sent code); quote authorization runs in test/integration/sca-authorization.test.ts",
    ["platform-overview/core-concepts/quote-system.mdx:259"],
  ],
  [
    "needs a second credential on the wallet (revoking the only one is refused, protocol.md), which only a signed retry adds",
    ["snippets/global-accounts/authentication.mdx:741", "snippets/global-accounts/authentication.mdx:761"],
  ],
  [
    "needs a wallet without the credential the example adds: a new customer's wallet comes with its EMAIL_OTP credential (a second is EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS), and an SMS_OTP credential needs a verified phone number on file",
    ["openapi POST /auth/credentials emailOtp", "openapi POST /auth/credentials smsOtp"],
  ],
];

/**
 * Examples that run and fail because the spec or docs/protocol.md decides otherwise than the page, grouped by the rule
 * that decides. Each group is a row of docs/protocol.md "Differences from Grid".
 */
const DECIDED_DIFFERENCES: [rule: string, ids: string[]][] = [
  [
    "Grid's OpenAPI (immediatelyExecute is \"only for quotes with a source which is either an internal account, or has direct pull functionality\") and docs/protocol.md Quotes: a REALTIME_FUNDING quote executes when its funds arrive, so the example's immediatelyExecute is refused by name",
    ["openapi POST /quotes realTimeFundingToSparkWallet"],
  ],
  [
    "docs/protocol.md External accounts: a Spark address must pass its bech32m checksum, so that a mistyped address cannot receive money; Grid's documented `spark1pgssyuuu…6mrhu` fails it",
    [
      "openapi POST /agents/me/external-accounts sparkWallet",
      "openapi POST /customers/external-accounts sparkWallet",
      "openapi POST /platform/external-accounts sparkWallet",
      "ramps/accounts/external-accounts.mdx:49",
      "ramps/conversion-flows/fiat-crypto-conversion.mdx:31",
      "ramps/conversion-flows/self-custody-wallets.mdx:365",
      "ramps/conversion-flows/self-custody-wallets.mdx:69",
      "ramps/platform-tools/sandbox-testing.mdx:366",
      "ramps/platform-tools/sandbox-testing.mdx:93",
      "ramps/quickstart.mdx:65",
      "rewards/developer-guides/distributing-rewards.mdx:220",
      "rewards/developer-guides/distributing-rewards.mdx:70",
      "rewards/platform-tools/sandbox-testing.mdx:120",
      "rewards/platform-tools/sandbox-testing.mdx:265",
      "rewards/platform-tools/sandbox-testing.mdx:304",
      "rewards/platform-tools/sandbox-testing.mdx:64",
      "rewards/quickstart.mdx:200",
      "snippets/external-accounts.mdx:1685",
    ],
  ],
  [
    "spec and docs/protocol.md External accounts: created without `customerId`, the account is the platform's own, whose `customerId` is null; Grid's ExternalAccount types `customerId` as a string",
    [
      "snippets/external-accounts.mdx:1010",
      "snippets/external-accounts.mdx:1050",
      "snippets/external-accounts.mdx:1079",
      "snippets/external-accounts.mdx:1116",
      "snippets/external-accounts.mdx:1145",
      "snippets/external-accounts.mdx:1180",
      "snippets/external-accounts.mdx:1218",
      "snippets/external-accounts.mdx:1252",
      "snippets/external-accounts.mdx:1292",
      "snippets/external-accounts.mdx:1322",
      "snippets/external-accounts.mdx:1357",
      "snippets/external-accounts.mdx:1392",
      "snippets/external-accounts.mdx:1463",
      "snippets/external-accounts.mdx:1500",
      "snippets/external-accounts.mdx:1536",
      "snippets/external-accounts.mdx:1572",
      "snippets/external-accounts.mdx:1608",
      "snippets/external-accounts.mdx:1645",
      "snippets/external-accounts.mdx:167",
      "snippets/external-accounts.mdx:1703",
      "snippets/external-accounts.mdx:1721",
      "snippets/external-accounts.mdx:1739",
      "snippets/external-accounts.mdx:1757",
      "snippets/external-accounts.mdx:1775",
      "snippets/external-accounts.mdx:1793",
      "snippets/external-accounts.mdx:1812",
      "snippets/external-accounts.mdx:199",
      "snippets/external-accounts.mdx:243",
      "snippets/external-accounts.mdx:273",
      "snippets/external-accounts.mdx:342",
      "snippets/external-accounts.mdx:378",
      "snippets/external-accounts.mdx:417",
      "snippets/external-accounts.mdx:446",
      "snippets/external-accounts.mdx:486",
      "snippets/external-accounts.mdx:50",
      "snippets/external-accounts.mdx:522",
      "snippets/external-accounts.mdx:558",
      "snippets/external-accounts.mdx:593",
      "snippets/external-accounts.mdx:628",
      "snippets/external-accounts.mdx:663",
      "snippets/external-accounts.mdx:698",
      "snippets/external-accounts.mdx:733",
      "snippets/external-accounts.mdx:806",
      "snippets/external-accounts.mdx:843",
      "snippets/external-accounts.mdx:880",
      "snippets/external-accounts.mdx:910",
      "snippets/external-accounts.mdx:945",
      "snippets/external-accounts.mdx:982",
    ],
  ],
  [
    "docs/protocol.md \"Where this document and the spec are silent\": Grid's OpenAPI decides shapes, its guides only where it is silent; these pages' bodies disagree with it (an accountType it no longer defines such as CLABE, a field its schema lacks such as `bankName` or `accountInfo.platformAccountId`, a required field left out such as `region` or `countryOfResidence`, a `requiredCounterpartyFields` name outside its CustomerInfoFieldName such as `ADDRESS`), and the service's bodies are strict and name each such field",
    [
      "global-p2p/quickstart.mdx:81",
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:189",
      "payouts-and-b2b/quickstart.mdx:238",
      "ramps/platform-tools/sandbox-testing.mdx:201",
      "ramps/platform-tools/sandbox-testing.mdx:305",
      "openapi POST /customers/external-accounts usBankAccount",
      "openapi POST /platform/external-accounts usBankAccount",
      "snippets/external-accounts.mdx:127",
      "snippets/external-accounts.mdx:308",
      "snippets/external-accounts.mdx:768",
      "snippets/external-accounts.mdx:94",
      "global-p2p/getting-started/platform-configuration.mdx:134",
      "snippets/platform-configuration-uma.mdx:55",
    ],
  ],
  [
    "spec Agent Operations and docs/protocol.md: approve and reject decide an agent's outgoing transaction; Grid's decide an incoming payment (`receiverCustomerInfo` in the body, an INCOMING transaction in the answer)",
    [
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:112",
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:126",
    ],
  ],
  [
    "docs/protocol.md Differences from Grid (project rule: a secret or identity number is stored encrypted and never echoed): a beneficial owner's tax identifier is write-only, stored encrypted and never returned; Grid's answer requires `personalInfo.identifier`",
    ["snippets/kyc/kyc-unregulated.mdx:318"],
  ],
  [
    "docs/protocol.md Cards: a customer holds one internal account per currency and a card's funding sources share one currency, so the page's second source on one card is ineligible here",
    ["openapi PATCH /cards/{id} updateFundingSources", "snippets/cards/funding-sources.mdx:41"],
  ],
];

/**
 * Examples that run and fail for a shortcoming of the service or of this runner, grouped by it: each is to be fixed,
 * not kept (the goal is an empty list).
 */
const GAPS: [gap: string, ids: string[]][] = [];

/** Examples that document a refusal: the status the page shows, and why. */
const DOCUMENTED_REFUSALS: Record<string, [status: number, reason: string]> = {
  "global-p2p/platform-tools/sandbox-testing.mdx:223": [404, "the sandbox's address of no one: UMA_NOT_FOUND"],
};

/** Paths of the KYC pages: their customers are verified by POST /verifications, as those pages do it. */
const PAPERWORK = /^\/(verifications|documents|beneficial-owners)/;

type Outcome = { id: string; request: string; status?: number; problems: string[] };

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
class World {
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

const TYPES =
  "Customer|InternalAccount|ExternalAccount|Quote|Transaction|CardTransaction|Card|AuthMethod|Session|LookupRequest|Lookup|BeneficialOwner|Invitation";
const ID_TOKEN = new RegExp(`\\b(${TYPES}):([A-Za-z0-9_-]*(?:\\.\\.\\.|…)?)`, "g");

/** The object a placeholder stands for, by its type, the request's path and the order it appears in. */
async function objectFor(
  w: World,
  type: string,
  raw: string,
  path: string,
  nth: number,
  business: boolean,
): Promise<string> {
  switch (type) {
    case "Customer":
      return business ? (await w.business()).id : (await w.customer()).id;
    case "InternalAccount":
      if (/platform/i.test(raw)) return w.platformAccount();
      if (/^\/(internal-accounts|auth\/)/.test(path)) return w.wallet();
      if (/btc/i.test(raw)) return w.account("BTC");
      if (/^\/crypto\//.test(path)) return w.account("USDC");
      return w.account(["USD", "EUR", "MXN"][nth] ?? "USD");
    case "ExternalAccount":
      return w.external();
    case "Quote":
      return path === "/sandbox/send" ? w.realtimeQuote() : w.quote();
    case "Transaction":
      return /\/(approve|reject)$/.test(path.split("?")[0]) ? w.pendingTransaction() : w.transaction();
    case "Card":
      return /^\/auth\/delegated-keys/.test(path) ? w.walletCard() : w.card();
    case "CardTransaction":
      if (/simulate\/return_reversal/.test(path)) return w.returnedCardTransaction();
      if (/simulate\/return/.test(path)) return w.clearedCardTransaction();
      return w.authorizedCardTransaction();
    case "AuthMethod":
      return w.authMethod();
    case "Session":
      return w.session();
    case "Lookup":
    case "LookupRequest":
      return w.lookup();
    case "BeneficialOwner":
      return w.beneficialOwner();
    default:
      return `${type}:${raw}`;
  }
}

/** `{name}` in a path: the object it names, by name and by the path around it. */
async function templateValue(w: World, name: string, path: string, business: boolean): Promise<string | undefined> {
  const p = path.split("?")[0];
  switch (name) {
    case "customerId":
      return business ? (await w.business()).id : (await w.customer()).id;
    case "accountId":
      return w.account();
    case "quoteId":
      return w.quote();
    case "transactionId":
      return w.transaction();
    case "platformCustomerId":
      return (await w.customer()).platformCustomerId;
    case "umaAddress":
      return (await w.customer()).umaAddress;
    case "customerType":
      return "INDIVIDUAL";
    case "limit":
      return "10";
    case "jobId":
      return w.bulkJob();
    case "createdAfter":
      return "2025-01-01T00:00:00Z";
    case "createdBefore":
      return new Date(Date.now() + 3_600_000).toISOString();
    case "id":
      if (/^\/(sandbox\/)?cards\//.test(p)) return w.card();
      if (/^\/internal-accounts\//.test(p)) return w.wallet();
      if (/^\/auth\/credentials\//.test(p)) return w.authMethod();
      if (/^\/auth\/sessions\//.test(p)) return w.session();
      return undefined;
    default:
      return undefined;
  }
}

/** The example with its placeholders replaced by this world's objects. */
interface Resolved {
  path: string;
  body?: string;
  form?: [string, string][];
  /** The key that signs a signed retry's second leg when it is not a session's: the one sealed in an OTP bundle. */
  signer?: P256KeyPair;
}

async function resolve(w: World, ex: DocExample): Promise<Resolved> {
  let path = ex.path;
  // Query placeholders without a meaningful value (a page's `cursor={cursor}`) are left out.
  path = path.replace(/([?&])cursor=\{cursor\}&?/, "$1").replace(/[?&]$/, "");
  const texts = [path, ex.body ?? "", ...(ex.form ?? []).map(([, v]) => v)];
  const currency = /"(?:currency|currencyCode)"\s*:\s*"(USD|EUR|MXN)"/.exec(ex.body ?? "")?.[1];
  if (currency) w.payee = `$success.${currency.toLowerCase()}@sandbox.uma.money`;
  // A page paying one of the sandbox's own addresses looks that address up.
  const sandboxPayee = /"umaAddress"\s*:\s*"(\$[^"]+@sandbox\.uma\.money)"/.exec(ex.body ?? "")?.[1];
  if (sandboxPayee) w.payee = sandboxPayee;
  w.sendCurrency = /"currencyCode"\s*:\s*"([A-Z]{3,4})"/.exec(ex.body ?? "")?.[1] ?? w.sendCurrency;
  // A business's pages (beneficial owners, a business update or verification) name a BUSINESS customer.
  const business =
    /^\/beneficial-owners/.test(path) || /"customerType"\s*:\s*"BUSINESS"|businessInfo/.test(ex.body ?? "");
  const tokens = new Map<string, string>();
  const ordinal = new Map<string, number>();
  for (const text of texts)
    for (const m of text.matchAll(ID_TOKEN)) {
      if (tokens.has(m[0])) continue;
      const nth = ordinal.get(m[1]) ?? 0;
      ordinal.set(m[1], nth + 1);
      tokens.set(m[0], await objectFor(w, m[1], m[2], path, nth, business));
    }
  const replaceIds = (s: string) => s.replace(ID_TOKEN, (t) => tokens.get(t) ?? t);
  path = replaceIds(path);
  for (const m of [...path.matchAll(/\{([A-Za-z]+)\}/g)]) {
    const v = await templateValue(w, m[1], path, business);
    if (v !== undefined) path = path.replace(m[0], /\?/.test(path.slice(0, m.index)) ? encodeURIComponent(v) : v);
  }
  // A receiver outside Grid's sandbox directory stands for "someone to pay": the sandbox's settling address.
  path = path.replace(/\/receiver\/uma\/\$[^/?]+/, (seg) =>
    seg.endsWith("sandbox.uma.money") ? seg : `/receiver/uma/${w.payee}`,
  );
  path = path.replace(/\$(?=[^/?]*@)/g, "%24");
  // An invitation's code (the pages write a short id): a fresh invitation of this world.
  const invite = /^\/invitations\/([^/?]+)\/(claim|cancel)/.exec(path);
  if (invite) path = path.replace(invite[1], await w.invitation());
  let body = ex.body === undefined ? undefined : replaceIds(ex.body);
  if (body !== undefined) body = await umaAddresses(w, body);
  // The first leg of an EMAIL_OTP verify: the page's placeholder bundle becomes a real one, the sandbox's code sealed
  // (HPKE) to the target key of a challenge this world makes, as the client does (protocol.md EMAIL_OTP).
  const verify = /^\/auth\/credentials\/([^/]+)\/verify$/.exec(path);
  let signer: P256KeyPair | undefined;
  if (verify && body?.includes('"EMAIL_OTP"') && body.includes("encryptedOtpBundle")) {
    const sealed = await otpBundle(sdkFor(await w.platform()), verify[1], "000000");
    body = JSON.stringify({ ...JSON.parse(body), encryptedOtpBundle: sealed.encryptedOtpBundle });
    signer = sealed.key;
  }
  const form = ex.form?.map(([k, v]) => [k, replaceIds(v)] as [string, string]);
  return { path, body, form, signer };
}

/**
 * The pages' illustrative UMA addresses (`$your.user@your.domain`, `$receiver@uma.domain`): one of this platform's
 * customers where the page means its own customer (a receiver of a sandbox payment, an inviter, an invitee), and the
 * sandbox's settling address where it means someone to pay. Addresses of Grid's sandbox directory are kept.
 */
async function umaAddresses(w: World, body: string): Promise<string> {
  const own = /"(receiverUmaAddress|inviterUma)"\s*:\s*"(\$[^"]+)"/g;
  const invitee = /"(inviteeUma)"\s*:\s*"(\$[^"]+)"/g;
  const payee = /"(umaAddress|senderUmaAddress)"(\s*:\s*)"(\$[^"]+)"/g;
  let out = body;
  if (own.test(out)) {
    const mine = (await w.customer()).umaAddress;
    out = out.replace(own, (m, k, v) => (v.endsWith("sandbox.uma.money") ? m : `"${k}": "${mine}"`));
  }
  if (invitee.test(out)) {
    const theirs = (await w.other()).umaAddress;
    out = out.replace(invitee, (_m, k) => `"${k}": "${theirs}"`);
  }
  // In a customer's own record (POST/PATCH /customers) `umaAddress` is the customer's new address: kept.
  if (!/"customerType"/.test(out))
    out = out.replace(payee, (m, k, sep, v) => (v.endsWith("sandbox.uma.money") ? m : `"${k}"${sep}"${w.payee}"`));
  return out;
}

/** A bulk import file: a header row of Grid's columns and one customer. */
const CSV = "umaAddress,platformCustomerId,customerType,fullName\n$csv.jane@example.com,csv_001,INDIVIDUAL,Jane Doe\n";

/** A JPEG's first bytes: enough for the service's type sniffing of a document upload. */
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/**
 * The second leg of a signed retry, as the page sends it: the first leg (the same request without wallet headers) is
 * sent first, its `payloadToSign` signed by the wallet's session key (or the key sealed in the OTP bundle), and the
 * page's `Request-Id` and signature placeholders replaced by the real ones, under the page's own header names.
 */
async function secondLeg(w: World, auth: string, ex: DocExample, r: Resolved) {
  const walletHeaders = Object.keys(ex.headers).filter((h) => h === "request-id" || h.endsWith("wallet-signature"));
  const bare = {
    ...ex,
    headers: Object.fromEntries(Object.entries(ex.headers).filter(([h]) => !walletHeaders.includes(h))),
  };
  const first = await send(auth, bare, r);
  if (first.status !== 202) return first;
  const challenge = first.body as { payloadToSign: string; requestId: string };
  const key = r.signer ?? (await w.signedIn()).key;
  const headers: Record<string, string> = { ...bare.headers, "request-id": challenge.requestId };
  for (const h of walletHeaders.filter((x) => x !== "request-id"))
    headers[h] = await stampSigner(key.privateKeyHex)(challenge.payloadToSign);
  return send(auth, { ...ex, headers }, r);
}

async function send(auth: string, ex: DocExample, r: Resolved) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(ex.headers))
    if (!["authorization", "content-length"].includes(k) && !(r.form && k === "content-type")) headers[k] = v;
  headers.authorization = auth;
  let body: BodyInit | undefined = r.body;
  if (r.form) {
    const fd = new FormData();
    for (const [k, v] of r.form)
      if (v.startsWith("@") && v.endsWith(".csv")) fd.append(k, new Blob([CSV], { type: "text/csv" }), v.slice(1));
      else if (v.startsWith("@")) fd.append(k, new Blob([JPEG], { type: "image/jpeg" }), v.slice(1).split("/").pop());
      else fd.append(k, v);
    body = fd;
  } else if (r.body !== undefined) headers["content-type"] ??= "application/json";
  const res = await fetch(`${api()}${r.path}`, { method: ex.method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed };
}

describe.skipIf(!gridDocument || !referenceDir)("Grid's documentation as a test corpus", () => {
  const doc = gridDocument ?? {};
  const examples = referenceDir ? [...curlExamples(`${referenceDir}/docs`), ...openApiExamples(doc)] : [];
  const cannotRun = new Map(CANNOT_RUN.flatMap(([reason, ids]) => ids.map((id) => [id, reason] as const)));
  const decided = new Set(DECIDED_DIFFERENCES.flatMap(([, ids]) => ids));
  const gaps = new Set(GAPS.flatMap(([, ids]) => ids));
  const expectedFailures = new Set([...decided, ...gaps]);
  const outcomes: Outcome[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("finds Grid's examples: about 320 curl commands and 60 named OpenAPI request examples", () => {
    expect(examples.filter((e) => !e.id.startsWith("openapi ")).length).toBeGreaterThan(300);
    expect(examples.filter((e) => e.id.startsWith("openapi ")).length).toBeGreaterThan(55);
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
  });

  it("keeps its lists true: every listed example exists, none is listed twice, every unparsable one is listed", () => {
    const ids = new Set(examples.map((e) => e.id));
    const listed = [...CANNOT_RUN, ...DECIDED_DIFFERENCES, ...GAPS]
      .flatMap(([, l]) => l)
      .concat(Object.keys(DOCUMENTED_REFUSALS));
    expect(listed.filter((id) => !ids.has(id))).toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
    expect(examples.filter((e) => e.unparsable && !cannotRun.has(e.id)).map((e) => `${e.id}: ${e.unparsable}`)).toEqual(
      [],
    );
  });

  it("runs every runnable example: accepted, and the answer parses with Grid's response schema", async () => {
    const checker = gridResponseChecker(doc);
    // Accepted requests of operations Grid's OpenAPI does not have (its pages name them): no schema to check against.
    const unchecked: string[] = [];
    const limit = pLimit(4);
    await Promise.all(
      examples
        .filter((ex) => !cannotRun.has(ex.id))
        .map((ex) =>
          limit(async () => {
            const w = new World(receiver, PAPERWORK.test(ex.path));
            const outcome: Outcome = { id: ex.id, request: `${ex.method} ${ex.path}`, problems: [] };
            try {
              const r = await resolve(w, ex);
              outcome.request = `${ex.method} ${r.path}`;
              if (r.body !== undefined && /json/.test(ex.headers["content-type"] ?? "json")) JSON.parse(r.body);
              const auth = await w.auth(r.path);
              const res = ex.headers["request-id"] ? await secondLeg(w, auth, ex, r) : await send(auth, ex, r);
              outcome.status = res.status;
              const refusal = DOCUMENTED_REFUSALS[ex.id];
              if (refusal) {
                if (res.status !== refusal[0]) outcome.problems.push(`${res.status}, the page shows ${refusal[0]}`);
                else outcome.problems.push(...checker.check(ex.method, r.path, res.status, res.body));
              } else if (res.status < 200 || res.status > 299)
                outcome.problems.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
              else if (!checker.template(ex.method, r.path))
                unchecked.push(`${ex.id} ${ex.method} ${r.path.split("?")[0]}`);
              else outcome.problems.push(...checker.check(ex.method, r.path, res.status, res.body).slice(0, 6));
            } catch (e) {
              outcome.problems.push(`not run: ${(e as Error).message.slice(0, 300)}`);
            }
            outcomes.push(outcome);
          }),
        ),
    );
    outcomes.sort((a, b) => a.id.localeCompare(b.id));
    const failed = outcomes.filter((o) => o.problems.length > 0);
    const passed = outcomes.length - failed.length;
    console.log(
      `Grid's documentation corpus: ${examples.length} examples; ran ${outcomes.length}, passed ${passed}, ` +
        `failed ${failed.length} (expected ${expectedFailures.size}: ${decided.size} decided differences, ` +
        `${gaps.size} gaps); cannot run ${cannotRun.size}`,
    );
    for (const u of unchecked) console.log(`accepted, no Grid schema to check: ${u}`);
    for (const o of failed)
      console.log(
        `${decided.has(o.id) ? "decided" : gaps.has(o.id) ? "gap" : "FAILED"} ${o.id} ${o.request}\n    ${o.problems.join("\n    ")}`,
      );
    // Every failure is listed with its reason, and every listed failure still fails.
    expect(failed.map((o) => o.id).filter((id) => !expectedFailures.has(id))).toEqual([]);
    expect([...expectedFailures.keys()].filter((id) => !failed.some((o) => o.id === id))).toEqual([]);
  }, 900_000);
});
