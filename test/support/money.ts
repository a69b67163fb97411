/** Helpers for money tests: customers with consent and currency accounts, funding, external accounts. */
import { call, type TestPlatform } from "./api";
import { example } from "./external-account-examples";
import { termsConsent } from "./terms-consent";

export async function moneyCustomer(p: TestPlatform, currencies: string[] = ["USD", "EUR"], consent = true) {
  const body: Record<string, unknown> = { customerType: "INDIVIDUAL", fullName: "Money User", currencies };
  if (consent) body.endUserTermsConsent = termsConsent();
  const c = await call("POST", "/customers", { auth: p.auth, body });
  if (c.status !== 201) throw new Error(`customer: ${c.status} ${JSON.stringify(c.body)}`);
  const list = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`, {
    auth: p.auth,
  });
  const accounts: Record<string, string> = {};
  for (const a of list.body.data) accounts[a.balance.currency.code] = a.id;
  return { customer: c.body, accounts };
}

export async function fund(p: TestPlatform, accountId: string, amount: number) {
  const r = await call("POST", `/sandbox/internal-accounts/${accountId}/fund`, { auth: p.auth, body: { amount } });
  if (r.status !== 200) throw new Error(`fund: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function balance(p: TestPlatform, accountId: string): Promise<number> {
  const r = await call("GET", `/internal-accounts/${accountId}`, { auth: p.auth });
  return r.body.balance.amount;
}

/** A USD bank account whose number ends in `suffix` (sandbox payout rules). */
export async function usdExternal(p: TestPlatform, customerId: string, suffix = "789") {
  const ex = example("USD_ACCOUNT");
  const accountInfo = { ...ex.accountInfo, accountNumber: `000123456${suffix}` };
  const r = await call("POST", "/customers/external-accounts", {
    auth: p.auth,
    body: { customerId, currency: "USD", accountInfo },
  });
  if (r.status !== 201) throw new Error(`external: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.id as string;
}

export function quoteBody(src: string, dst: string, amount: number, extra: Record<string, unknown> = {}) {
  return {
    source: { sourceType: "ACCOUNT", accountId: src },
    destination: { destinationType: "ACCOUNT", accountId: dst },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: amount,
    ...extra,
  };
}

/** An agent of `customerId` whose quotes wait for the platform's approval (up to 5 000 USD cents); its bearer token. */
export async function approvalAgent(p: TestPlatform, customerId: string): Promise<string> {
  const created = await call("POST", "/agents", {
    auth: p.auth,
    body: {
      name: "Payer",
      customerId,
      policy: {
        permissions: ["CREATE_QUOTES", "EXECUTE_QUOTES"],
        defaultExecutionMode: "APPROVAL_REQUIRED",
        spendingLimits: { currency: "USD", perTransactionLimit: 5_000 },
      },
    },
  });
  if (created.status !== 201) throw new Error(`agent: ${created.status} ${JSON.stringify(created.body)}`);
  return (await call("POST", `/agents/device-codes/${created.body.deviceCode.code}/redeem`)).body.accessToken;
}

/** A money customer to hold cards (KYC approved, with consent, one account per currency). */
export async function cardholder(p: TestPlatform, currencies: string[] = ["USD"]) {
  return moneyCustomer(p, currencies);
}
