/**
 * The variants the accounts form offers, with per-field checks that mirror the service's patterns
 * (the service validates again and its error object is shown as is).
 */
/** Labels and hints are keys of the `accounts` catalogue section (`field.<name>`, `hint.<hint>`, `variant.<accountType>`). */
interface Field {
  name: string;
  pattern?: RegExp;
  hint?: string;
  required?: boolean;
}

export interface Variant {
  accountType: string;
  currency: string;
  wallet: boolean;
  fields: Field[];
}

export const VARIANTS: Variant[] = [
  {
    accountType: "USD_ACCOUNT",
    currency: "USD",
    wallet: false,
    fields: [
      { name: "accountNumber", pattern: /^[0-9]{4,17}$/, hint: "accountNumber", required: true },
      { name: "routingNumber", pattern: /^[0-9]{9}$/, hint: "routingNumber", required: true },
      { name: "bankName" },
      { name: "fullName", required: true },
    ],
  },
  {
    accountType: "EUR_ACCOUNT",
    currency: "EUR",
    wallet: false,
    fields: [
      { name: "iban", pattern: /^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, hint: "iban", required: true },
      { name: "fullName", required: true },
      { name: "countryOfResidence", pattern: /^[A-Z]{2}$/, hint: "countryOfResidence", required: true },
    ],
  },
  {
    accountType: "ETHEREUM_WALLET",
    currency: "USDC",
    wallet: true,
    fields: [{ name: "address", pattern: /^0x[0-9a-fA-F]{40}$/, hint: "evmAddress", required: true }],
  },
  {
    accountType: "SOLANA_WALLET",
    currency: "USDC",
    wallet: true,
    fields: [{ name: "address", pattern: /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, hint: "solanaAddress", required: true }],
  },
];

/** What is wrong with each field: missing, or not in its format (the page words it from the catalogue). */
export function validate(v: Variant, values: Record<string, string>): Record<string, "required" | "invalid"> {
  const errors: Record<string, "required" | "invalid"> = {};
  for (const f of v.fields) {
    const value = (values[f.name] ?? "").trim();
    if (!value) {
      if (f.required) errors[f.name] = "required";
      continue;
    }
    if (f.pattern && !f.pattern.test(value)) errors[f.name] = "invalid";
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
        beneficiary: {
          beneficiaryType: "INDIVIDUAL",
          fullName: val("fullName"),
          countryOfResidence: val("countryOfResidence"),
        },
      },
    };
  }
  // Self-custody wallets the customer holds: FIRST_PARTY, which makes them subject to ownership verification.
  return {
    currency: v.currency,
    ownershipType: "FIRST_PARTY",
    accountInfo: { accountType: v.accountType, address: val("address") },
  };
}
