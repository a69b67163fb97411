import { clientAddress } from "../http/client-address";
import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError, platformInfo, type ServiceResponse } from "./service";
import { postQuote } from "./wallet-money";

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

/** The end user's address as the SCA provider wants it: the browser's, by the trusted-proxy rule (clientAddress). */
export function endUserIp(req: Request): string {
  return clientAddress(req);
}

interface Customer {
  currencies?: string[];
  region?: string;
  address?: { country?: string };
  phoneNumber?: string;
  /** Grid's contactVerification: present only for customers whose provider mandates SCA (EEA, CH, UK). */
  contactVerification?: { email?: string; phone?: string };
}

/** The currencies the pay page offers to open an account in (fiat with a bank corridor in the sandbox). */
const PAY_CURRENCIES = ["USD", "EUR", "GBP"] as const;

async function readCustomer(user: IntegratorUser): Promise<Customer> {
  const r = await callService<Customer>("GET", `/customers/${encodeURIComponent(user.customerId)}`);
  if (r.status !== 200) throw new IntegratorError(502, "SERVICE_ERROR", "Could not read your profile");
  return r.body;
}

/**
 * Accounts the user can pay from (not the wallet: its payments need a wallet signature) and to, and what the page
 * must ask first: whether this customer's payments need SCA (the service shows `contactVerification` only for
 * them) and whether their phone, where SCA codes go, is verified.
 */
export async function paymentSetup(user: IntegratorUser) {
  const [internal, external, customer, platform] = await Promise.all([
    callService<{ data: InternalAccount[] }>("GET", "/customers/internal-accounts", {
      query: { customerId: user.customerId, limit: "100" },
    }),
    callService<{ data: ExternalAccount[] }>("GET", "/customers/external-accounts", {
      query: { customerId: user.customerId, limit: "100" },
    }),
    readCustomer(user),
    platformInfo(),
  ]);
  if (internal.status !== 200 || external.status !== 200)
    throw new IntegratorError(502, "SERVICE_ERROR", "Could not read your accounts");
  return {
    sources: internal.body.data.filter((a) => a.type !== "EMBEDDED_WALLET"),
    destinations: external.body.data,
    country: customer.region ?? customer.address?.country ?? null,
    sca: {
      required: customer.contactVerification !== undefined,
      phoneNumber: customer.phoneNumber ?? null,
      phoneVerified: customer.contactVerification?.phone === "VERIFIED",
    },
    sandbox: platform.environment === "SANDBOX",
    currencies: PAY_CURRENCIES,
  };
}

const service = async (what: string, r: Promise<ServiceResponse>): Promise<ServiceResponse> => {
  const done = await r;
  if (done.status >= 400) {
    const b = done.body as { code?: string; message?: string; details?: Record<string, unknown> } | null;
    throw new IntegratorError(
      done.status,
      b?.code ?? "SERVICE_ERROR",
      b?.message ?? `Could not ${what} (${done.status})`,
      b?.details,
    );
  }
  return done;
};

/** Open an account in one of PAY_CURRENCIES: the customer's `currencies` gains it (the service opens the account). */
export async function openAccount(user: IntegratorUser, currency: unknown): Promise<void> {
  if (!PAY_CURRENCIES.includes(currency as (typeof PAY_CURRENCIES)[number]))
    throw new IntegratorError(400, "INVALID_INPUT", `Choose one of ${PAY_CURRENCIES.join(", ")}`, {
      errors: [{ field: "currency", message: `One of ${PAY_CURRENCIES.join(", ")}` }],
    });
  const customer = await readCustomer(user);
  const currencies = [...new Set([...(customer.currencies ?? []), String(currency)])];
  await service(
    "open the account",
    callService("PATCH", `/customers/${encodeURIComponent(user.customerId)}`, { body: { currencies } }),
  );
}

/** Sandbox only: test money into one of the user's accounts (the service refuses it on production platforms). */
export async function addTestMoney(user: IntegratorUser, accountId: string, amount: unknown): Promise<void> {
  const { sources } = await paymentSetup(user);
  if (!sources.some((a) => a.id === accountId))
    throw new IntegratorError(404, "ACCOUNT_NOT_FOUND", "Pick one of your accounts");
  const minor = Number(amount);
  if (!Number.isSafeInteger(minor) || minor <= 0 || minor > 1_000_000_00)
    throw new IntegratorError(400, "INVALID_INPUT", "Enter a positive amount up to 1,000,000", {
      errors: [{ field: "amount", message: "Positive, at most 1,000,000" }],
    });
  await service(
    "add test money",
    callService("POST", `/sandbox/internal-accounts/${encodeURIComponent(accountId)}/fund`, {
      body: { amount: minor },
    }),
  );
}

/** Where the customer lives (Grid's `region`): it decides whether payments need SCA. */
export async function setCountry(user: IntegratorUser, country: unknown): Promise<void> {
  const c = String(country ?? "").toUpperCase();
  if (!/^[A-Z]{2}$/.test(c))
    throw new IntegratorError(400, "INVALID_INPUT", "Choose your country", {
      errors: [{ field: "country", message: "A country" }],
    });
  await service(
    "save your country",
    callService("PATCH", `/customers/${encodeURIComponent(user.customerId)}`, { body: { region: c } }),
  );
}

/**
 * Contact verification of the phone where SCA codes go (mandated customers): the number is recorded as PENDING
 * and a code is sent to it; `confirmPhone` checks the code. The service sends to the number on file, so the number
 * is written first; it counts for SCA only once confirmed.
 */
export async function verifyPhone(user: IntegratorUser, phoneNumber: unknown): Promise<void> {
  const phone = String(phoneNumber ?? "").replace(/[\s()-]/g, "");
  if (!/^\+[1-9]\d{6,14}$/.test(phone))
    throw new IntegratorError(400, "INVALID_INPUT", "Enter the number in international format, e.g. +4915112345678", {
      errors: [{ field: "phoneNumber", message: "International format" }],
    });
  await service(
    "save your phone number",
    callService("PATCH", `/customers/${encodeURIComponent(user.customerId)}`, { body: { phoneNumber: phone } }),
  );
  await service("send the code", callService("POST", `/customers/${encodeURIComponent(user.customerId)}/verify-phone`));
}

export async function confirmPhone(user: IntegratorUser, code: unknown): Promise<void> {
  await service(
    "check the code",
    callService("POST", `/customers/${encodeURIComponent(user.customerId)}/verify-phone/confirm`, {
      body: { code: String(code ?? "") },
    }),
  );
}

/** POST /quotes with immediatelyExecute from one of the user's accounts to one of the user's beneficiaries. */
export async function createPayment(
  user: IntegratorUser,
  input: Record<string, unknown>,
  ipAddress: string,
): Promise<ServiceResponse> {
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
  return postQuote(
    user,
    {
      source: { sourceType: "ACCOUNT", accountId: source.id, customerId: user.customerId },
      destination: { destinationType: "ACCOUNT", accountId: destination.id },
      lockedCurrencySide: "SENDING",
      lockedCurrencyAmount: amount,
      immediatelyExecute: true,
      description: "Payment from the example wallet",
    },
    ipAddress,
  );
}

/** The quote, if it is this user's; otherwise it answers like a missing one. */
export async function ownQuote(user: IntegratorUser, quoteId: string): Promise<ServiceResponse> {
  const r = await callService<{ source?: { customerId?: string } }>("GET", `/quotes/${encodeURIComponent(quoteId)}`);
  if (r.status !== 200 || r.body.source?.customerId !== user.customerId)
    throw new IntegratorError(404, "QUOTE_NOT_FOUND", `No payment ${quoteId} of yours`);
  return r;
}
