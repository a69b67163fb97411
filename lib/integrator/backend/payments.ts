import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError, type ServiceResponse } from "./service";

/**
 * The example partner's payments with Strong Customer Authentication, over HTTP through the SDK: the signed-in
 * user's accounts only (every id is checked against the user's customer before it reaches the service).
 */
interface InternalAccount {
  id: string;
  type: string;
  balance: { amount: number; currency: { code: string; decimals: number } };
}
interface ExternalAccount {
  id: string;
  customerId?: string | null;
  currency: string;
  accountInfo: Record<string, unknown>;
}

/** The end user's address as the SCA provider wants it: the last X-Forwarded-For hop (set by `next start`). */
export function endUserIp(req: Request): string {
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return (hops.at(-1) ?? "127.0.0.1").replace(/^::ffff:/, "").slice(0, 45);
}

/** Accounts the user can pay from (not the wallet: its payments need a wallet signature) and to. */
export async function paymentSetup(user: IntegratorUser) {
  const [internal, external] = await Promise.all([
    callService<{ data: InternalAccount[] }>("GET", "/customers/internal-accounts", {
      query: { customerId: user.customerId, limit: "100" },
    }),
    callService<{ data: ExternalAccount[] }>("GET", "/customers/external-accounts", {
      query: { customerId: user.customerId, limit: "100" },
    }),
  ]);
  if (internal.status !== 200 || external.status !== 200)
    throw new IntegratorError(502, "SERVICE_ERROR", "Could not read your accounts");
  return {
    sources: internal.body.data.filter((a) => a.type !== "EMBEDDED_WALLET"),
    destinations: external.body.data,
  };
}

/** POST /quotes with immediatelyExecute from one of the user's accounts to one of the user's beneficiaries. */
export async function createPayment(user: IntegratorUser, input: Record<string, unknown>): Promise<ServiceResponse> {
  const { sources, destinations } = await paymentSetup(user);
  const source = sources.find((a) => a.id === input.sourceAccountId);
  const destination = destinations.find((a) => a.id === input.destinationAccountId);
  if (!source || !destination)
    throw new IntegratorError(404, "ACCOUNT_NOT_FOUND", "Pick one of your accounts and one of your beneficiaries");
  const amount = Number(input.amount);
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new IntegratorError(400, "INVALID_INPUT", "amount must be a positive whole number of the smallest unit", {
      errors: [{ field: "amount", message: "Positive integer" }],
    });
  }
  return callService("POST", "/quotes", {
    body: {
      source: { sourceType: "ACCOUNT", accountId: source.id, customerId: user.customerId },
      destination: { destinationType: "ACCOUNT", accountId: destination.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
      description: "Payment from the example wallet",
    },
  });
}

/** The quote, if it is this user's; otherwise it answers like a missing one. */
export async function ownQuote(user: IntegratorUser, quoteId: string): Promise<ServiceResponse> {
  const r = await callService<{ source?: { customerId?: string } }>("GET", `/quotes/${encodeURIComponent(quoteId)}`);
  if (r.status !== 200 || r.body.source?.customerId !== user.customerId)
    throw new IntegratorError(404, "QUOTE_NOT_FOUND", `No payment ${quoteId} of yours`);
  return r;
}
