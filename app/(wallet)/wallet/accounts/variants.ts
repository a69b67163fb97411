/**
 * The variants the accounts form offers, with per-field checks that mirror the service's patterns
 * (the service validates again and its error object is shown as is).
 */
export interface Field {
  name: string;
  label: string;
  pattern?: RegExp;
  hint?: string;
  required?: boolean;
}

export interface Variant {
  accountType: string;
  label: string;
  currency: string;
  wallet: boolean;
  fields: Field[];
}

export const VARIANTS: Variant[] = [
  {
    accountType: "USD_ACCOUNT",
    label: "US bank account (USD)",
    currency: "USD",
    wallet: false,
    fields: [
      { name: "accountNumber", label: "Account number", pattern: /^[0-9]{4,17}$/, hint: "4 to 17 digits", required: true },
      { name: "routingNumber", label: "Routing number", pattern: /^[0-9]{9}$/, hint: "9 digits", required: true },
      { name: "bankName", label: "Bank name" },
      { name: "fullName", label: "Account holder's full name", required: true },
    ],
  },
  {
    accountType: "EUR_ACCOUNT",
    label: "SEPA bank account (EUR)",
    currency: "EUR",
    wallet: false,
    fields: [
      { name: "iban", label: "IBAN", pattern: /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, hint: "Country code, 2 check digits, then 11–30 letters or digits, no spaces", required: true },
      { name: "fullName", label: "Account holder's full name", required: true },
      { name: "countryOfResidence", label: "Holder's country of residence", pattern: /^[A-Z]{2}$/, hint: "Two letters, e.g. DE", required: true },
    ],
  },
  {
    accountType: "ETHEREUM_WALLET",
    label: "Ethereum wallet (USDC)",
    currency: "USDC",
    wallet: true,
    fields: [{ name: "address", label: "Wallet address", pattern: /^0x[0-9a-fA-F]{40}$/, hint: "0x followed by 40 hex characters", required: true }],
  },
  {
    accountType: "SOLANA_WALLET",
    label: "Solana wallet (USDC)",
    currency: "USDC",
    wallet: true,
    fields: [{ name: "address", label: "Wallet address", pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, hint: "Base58, 32 to 44 characters", required: true }],
  },
];

export function validate(v: Variant, values: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of v.fields) {
    const value = (values[f.name] ?? "").trim();
    if (!value) {
      if (f.required) errors[f.name] = `${f.label} is required`;
      continue;
    }
    if (f.pattern && !f.pattern.test(value)) errors[f.name] = `${f.label}: ${f.hint ?? "invalid format"}`;
  }
  return errors;
}

export function toRequest(v: Variant, values: Record<string, string>) {
  const val = (k: string) => (values[k] ?? "").trim() || undefined;
  if (v.accountType === "USD_ACCOUNT") {
    return {
      currency: v.currency,
      accountInfo: {
        accountType: v.accountType,
        accountNumber: val("accountNumber"),
        routingNumber: val("routingNumber"),
        bankName: val("bankName"),
        beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: val("fullName") },
      },
    };
  }
  if (v.accountType === "EUR_ACCOUNT") {
    return {
      currency: v.currency,
      accountInfo: {
        accountType: v.accountType,
        iban: val("iban"),
        beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: val("fullName"), countryOfResidence: val("countryOfResidence") },
      },
    };
  }
  // Self-custody wallets the customer holds: FIRST_PARTY, which makes them subject to ownership verification.
  return { currency: v.currency, ownershipType: "FIRST_PARTY", accountInfo: { accountType: v.accountType, address: val("address") } };
}
