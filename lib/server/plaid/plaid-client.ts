import { randomUUID } from "node:crypto";
import { env } from "@/lib/shared/config/env";

/** The bank account a Plaid Link session ends with (from Plaid's Auth product). */
interface PlaidBankAccount {
  accountNumber: string;
  routingNumber: string;
  bankName: string;
  bankAccountType: "CHECKING" | "SAVINGS";
}

type PlaidExchange =
  | { ok: true; account: PlaidBankAccount }
  | { ok: false; field: "publicToken" | "accountId"; code: string; message: string };

/** The Plaid seam: a sandbox with documented test tokens, or Plaid's REST API for production platforms. */
export interface PlaidClient {
  createLinkToken(input: { clientUserId: string }): Promise<{ linkToken: string; expiration: Date }>;
  exchangePublicToken(input: { publicToken: string; accountId?: string }): Promise<PlaidExchange>;
}

/** Link tokens live four hours (Grid: "Link tokens typically expire after 4 hours"). */
const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;

/** Plaid's sandbox Auth numbers (First Platypus Bank), documented in docs/protocol.md "Plaid". */
const SANDBOX_ACCOUNTS: Record<string, PlaidBankAccount> = {
  "plaid-sandbox-checking": {
    accountNumber: "1111222233330000",
    routingNumber: "011401533",
    bankName: "First Platypus Bank",
    bankAccountType: "CHECKING",
  },
  "plaid-sandbox-savings": {
    accountNumber: "1111222233331111",
    routingNumber: "011401533",
    bankName: "First Platypus Bank",
    bankAccountType: "SAVINGS",
  },
};
const SANDBOX_FAILING_PUBLIC_TOKEN = "public-sandbox-invalid";

/** Deterministic sandbox: link-sandbox-<uuid>; any other public-sandbox-… token exchanges to the test checking account. */
const sandboxPlaid: PlaidClient = {
  async createLinkToken() {
    return { linkToken: `link-sandbox-${randomUUID()}`, expiration: new Date(Date.now() + LINK_TOKEN_TTL_MS) };
  },
  async exchangePublicToken({ publicToken, accountId }) {
    if (!publicToken.startsWith("public-sandbox-") || publicToken === SANDBOX_FAILING_PUBLIC_TOKEN) {
      return {
        ok: false,
        field: "publicToken",
        code: "INVALID_PUBLIC_TOKEN",
        message: "Plaid rejected the public token (INVALID_PUBLIC_TOKEN)",
      };
    }
    const account = SANDBOX_ACCOUNTS[accountId ?? "plaid-sandbox-checking"];
    if (!account) {
      return {
        ok: false,
        field: "accountId",
        code: "INVALID_ACCOUNT_ID",
        message: `Not an account of this Plaid item; the sandbox has ${Object.keys(SANDBOX_ACCOUNTS).join(", ")}`,
      };
    }
    return { ok: true, account };
  },
};

interface PlaidErrorBody {
  error_code?: string;
  error_message?: string;
}

/** Plaid's REST API (https://plaid.com/docs/api/): /link/token/create, /item/public_token/exchange, /auth/get. */
function restPlaid(cfg: { clientId: string; secret: string; baseUrl: string; clientName: string }): PlaidClient {
  const post = async <T>(
    path: string,
    body: Record<string, unknown>,
  ): Promise<{ ok: true; body: T } | { ok: false; body: PlaidErrorBody }> => {
    const res = await fetch(new URL(path, cfg.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_id: cfg.clientId, secret: cfg.secret, ...body }),
      signal: AbortSignal.timeout(15_000),
    });
    const parsed = (await res.json().catch(() => ({}))) as T & PlaidErrorBody;
    if (res.ok) return { ok: true, body: parsed };
    if (res.status >= 500 || res.status === 429) throw new Error(`Plaid ${path} answered ${res.status}`);
    return { ok: false, body: parsed };
  };
  return {
    async createLinkToken({ clientUserId }) {
      const r = await post<{ link_token: string; expiration: string }>("/link/token/create", {
        client_name: cfg.clientName,
        user: { client_user_id: clientUserId },
        products: ["auth"],
        country_codes: ["US"],
        language: "en",
      });
      if (!r.ok) throw new Error(`Plaid /link/token/create refused: ${r.body.error_code ?? "unknown"}`);
      return { linkToken: r.body.link_token, expiration: new Date(r.body.expiration) };
    },
    async exchangePublicToken({ publicToken, accountId }) {
      const ex = await post<{ access_token: string }>("/item/public_token/exchange", { public_token: publicToken });
      if (!ex.ok)
        return {
          ok: false,
          field: "publicToken",
          code: ex.body.error_code ?? "INVALID_PUBLIC_TOKEN",
          message: `Plaid rejected the public token (${ex.body.error_code ?? "unknown"})`,
        };
      const auth = await post<{
        accounts: { account_id: string; name: string; official_name?: string | null; subtype?: string | null }[];
        numbers: { ach: { account_id: string; account: string; routing: string }[] };
      }>("/auth/get", {
        access_token: ex.body.access_token,
        ...(accountId ? { options: { account_ids: [accountId] } } : {}),
      });
      if (!auth.ok)
        return {
          ok: false,
          field: "accountId",
          code: auth.body.error_code ?? "INVALID_ACCOUNT_ID",
          message: `Plaid refused the account (${auth.body.error_code ?? "unknown"})`,
        };
      const ach = auth.body.numbers.ach.find((a) => !accountId || a.account_id === accountId);
      const acct = ach && auth.body.accounts.find((a) => a.account_id === ach.account_id);
      if (!ach || !acct)
        return {
          ok: false,
          field: "accountId",
          code: "NO_ACH_NUMBERS",
          message: "Plaid returned no US bank account numbers for this account",
        };
      return {
        ok: true,
        account: {
          accountNumber: ach.account,
          routingNumber: ach.routing,
          bankName: (acct.official_name ?? acct.name).slice(0, 140),
          bankAccountType: acct.subtype === "savings" ? "SAVINGS" : "CHECKING",
        },
      };
    },
  };
}

/**
 * The Plaid client for a platform: the sandbox for SANDBOX platforms; for PRODUCTION platforms Plaid's API
 * when PLAID_CLIENT_ID and PLAID_SECRET are set, otherwise null (the operations answer 503).
 */
export function plaidClientFor(environment: "SANDBOX" | "PRODUCTION"): PlaidClient | null {
  if (environment === "SANDBOX") return sandboxPlaid;
  const { PLAID_CLIENT_ID, PLAID_SECRET, PLAID_BASE_URL, PLAID_CLIENT_NAME } = env();
  if (!PLAID_CLIENT_ID || !PLAID_SECRET) return null;
  return restPlaid({
    clientId: PLAID_CLIENT_ID,
    secret: PLAID_SECRET,
    baseUrl: PLAID_BASE_URL,
    clientName: PLAID_CLIENT_NAME,
  });
}
