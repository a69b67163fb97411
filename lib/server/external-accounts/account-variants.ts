import { z } from "zod";
import { isValidWalletAddress, type Chain } from "./wallet-address";

/**
 * The accountInfo variants as data: one row per accountType. The zod schemas, the OpenAPI document,
 * the currency rule, the duplicate key and the payment rails are all derived from these rows
 * (account-info.schema.ts), so 39 bank variants do not become 39 hand-written schemas.
 *
 * Field sets and patterns follow the real service's schemas (lightsparkdev/grid-api
 * `openapi/components/schemas/common/<Ccy>AccountInfoBase.yaml` @ cf2510ed). Choices where it is
 * silent are marked "choice" and repeated in the OpenAPI descriptions.
 */

const SWIFT = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;
const PHONE = /^\+[0-9]{6,14}$/;

const text = (max = 255) => z.string().min(1).max(max);
const digits = (min: number, max = min) =>
  z
    .string()
    .regex(
      new RegExp(`^[0-9]{${min === max ? min : `${min},${max}`}}$`),
      min === max ? `${min} digits` : `${min} to ${max} digits`,
    );
const pattern = (re: RegExp, what: string) => z.string().regex(re, what);

/** Reusable field definitions (name → schema). */
const F = {
  accountNumber: text(34),
  bankName: text(255),
  swiftCode: pattern(SWIFT, "SWIFT/BIC code such as DEUTDEFF"),
  phoneNumber: pattern(PHONE, "E.164 phone number such as +254712345678"),
  provider: text(255),
  bankAccountType: z.enum(["CHECKING", "SAVINGS"]),
  branchCode: digits(5),
  iban: pattern(/^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{11,30}$/, "IBAN such as DE89370400440532013000"),
};
const phoneIn = (cc: string, n = 9) =>
  pattern(new RegExp(`^\\+${cc}[0-9]{${n}}$`), `E.164 phone number +${cc} followed by ${n} digits`);
const ibanOf = (cc: string, body: string, len: number) =>
  pattern(new RegExp(`^${cc}${body}$`), `${cc} IBAN (${len} characters)`);

export type Fields = Record<string, z.ZodType>;

export interface BankVariant {
  kind: "bank";
  accountType: `${string}_ACCOUNT`;
  /** The only currency the variant accepts; null = any ISO 4217 code (SWIFT_ACCOUNT). */
  currency: string | null;
  required: Fields;
  optional?: Fields;
  /** At least one group must be complete; the first complete group selects the rails. */
  alternatives?: { fields: string[]; rails: string[] }[];
  rails: string[];
  /** Identifying fields: the duplicate key, and the last one present is what the beneficiary rail looks up. */
  identity: string[];
  /** Individual beneficiary fields required beyond fullName for this currency. */
  beneficiaryRequires?: ("countryOfResidence" | "address" | "phoneNumber")[];
  /** Optional individual beneficiary fields only this currency has (Grid's <Ccy>Beneficiary). */
  beneficiaryExtra?: Fields;
}

export interface WalletVariant {
  kind: "wallet";
  accountType: `${string}_WALLET`;
  chain: Chain;
  /** Currencies the chain carries here (choice: the common stablecoins and the native asset). */
  currencies: string[];
  /** Ownership proof by WALLET_SIGNATURE: EIP-191 personal_sign (EVM) or ed25519 (Solana); null = not available (409). */
  signature: "EIP191" | "ED25519" | null;
}

export interface LightningVariant {
  kind: "lightning";
  accountType: "LIGHTNING" | "LIGHTNING_ACCOUNT";
  currencies: string[];
}

export type Variant = BankVariant | WalletVariant | LightningVariant;

const MOBILE = ["MOBILE_MONEY"];
const BANK = ["BANK_TRANSFER"];
const bankOrMobile = (bank: string[]) => [
  { fields: bank, rails: BANK },
  { fields: ["phoneNumber"], rails: MOBILE },
];
/** Mobile-money currencies: phoneNumber + provider (XOF/XAF add region). */
const mobile = (ccy: string, phone: z.ZodType = F.phoneNumber, extra: Fields = {}): BankVariant => ({
  kind: "bank",
  accountType: `${ccy}_ACCOUNT`,
  currency: ccy,
  required: { phoneNumber: phone, provider: F.provider, ...extra },
  rails: MOBILE,
  identity: ["phoneNumber"],
});
/** bankName + accountNumber + swiftCode (HKD, MYR, THB, VND). */
const swiftBank = (ccy: string): BankVariant => ({
  kind: "bank",
  accountType: `${ccy}_ACCOUNT`,
  currency: ccy,
  required: { bankName: F.bankName, accountNumber: F.accountNumber, swiftCode: F.swiftCode },
  rails: BANK,
  identity: ["swiftCode", "accountNumber"],
});
/** bankName required; accountNumber (BANK_TRANSFER) or phoneNumber (MOBILE_MONEY). */
const bankOrWallet = (ccy: string, optional: Fields = {}, bank = ["accountNumber"]): BankVariant => ({
  kind: "bank",
  accountType: `${ccy}_ACCOUNT`,
  currency: ccy,
  required: { bankName: F.bankName },
  optional: {
    ...(bank.includes("accountNumber") ? { accountNumber: F.accountNumber } : {}),
    phoneNumber: F.phoneNumber,
    ...optional,
  },
  alternatives: bankOrMobile(bank),
  rails: [...BANK, ...MOBILE],
  identity: [...bank, "phoneNumber"],
});

export const BANK_VARIANTS: BankVariant[] = [
  {
    kind: "bank",
    accountType: "USD_ACCOUNT",
    currency: "USD",
    required: { accountNumber: F.accountNumber, routingNumber: digits(9) },
    optional: {
      bankName: text(140),
      bankAccountType: F.bankAccountType,
      intermediaryBankName: text(140),
      intermediaryRoutingNumber: digits(9),
      fiToFiInformation: text(140),
    },
    rails: ["ACH", "WIRE", "RTP", "FEDNOW"],
    identity: ["routingNumber", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "EUR_ACCOUNT",
    currency: "EUR",
    required: { iban: F.iban },
    optional: { swiftCode: F.swiftCode },
    rails: ["SEPA", "SEPA_INSTANT"],
    identity: ["iban"],
    beneficiaryRequires: ["countryOfResidence"],
  },
  {
    kind: "bank",
    accountType: "DKK_ACCOUNT",
    currency: "DKK",
    required: { iban: ibanOf("DK", "[0-9]{16}", 18) },
    optional: { swiftCode: F.swiftCode },
    rails: ["SEPA", "SEPA_INSTANT"],
    identity: ["iban"],
  },
  {
    kind: "bank",
    accountType: "AED_ACCOUNT",
    currency: "AED",
    required: { iban: ibanOf("AE", "[0-9]{21}", 23) },
    optional: { swiftCode: F.swiftCode },
    rails: BANK,
    identity: ["iban"],
    beneficiaryRequires: ["address"],
  },
  {
    kind: "bank",
    accountType: "GBP_ACCOUNT",
    currency: "GBP",
    required: { sortCode: digits(6), accountNumber: digits(8) },
    rails: ["FASTER_PAYMENTS"],
    identity: ["sortCode", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "MXN_ACCOUNT",
    currency: "MXN",
    required: { clabeNumber: digits(18) },
    rails: ["SPEI"],
    identity: ["clabeNumber"],
  },
  {
    kind: "bank",
    accountType: "BRL_ACCOUNT",
    currency: "BRL",
    required: {
      pixKey: text(77),
      pixKeyType: z.enum(["CPF", "CNPJ", "EMAIL", "PHONE", "RANDOM"]),
      taxId: digits(11, 14),
    },
    rails: ["PIX"],
    identity: ["pixKey"],
  },
  {
    kind: "bank",
    accountType: "INR_ACCOUNT",
    currency: "INR",
    required: {},
    optional: {
      vpa: pattern(/^[a-zA-Z0-9.\-_]+@[a-zA-Z0-9]+$/, "UPI virtual payment address such as user@upi"),
      accountNumber: digits(9, 18),
      ifsc: pattern(/^[A-Z]{4}0[A-Z0-9]{6}$/, "IFSC such as HDFC0001234"),
      rail: text(32),
      bankName: F.bankName,
    },
    alternatives: [
      { fields: ["vpa"], rails: ["UPI"] },
      { fields: ["accountNumber", "ifsc"], rails: ["NEFT", "RTGS"] },
    ],
    rails: ["UPI", "NEFT", "RTGS"],
    identity: ["vpa", "ifsc", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "CAD_ACCOUNT",
    currency: "CAD",
    required: { bankCode: digits(3), branchCode: digits(5), accountNumber: digits(7, 12) },
    rails: BANK,
    identity: ["bankCode", "branchCode", "accountNumber"],
    beneficiaryExtra: { registrationNumber: text(100) },
  },
  {
    kind: "bank",
    accountType: "NGN_ACCOUNT",
    currency: "NGN",
    required: { accountNumber: digits(10), bankName: F.bankName },
    rails: BANK,
    identity: ["accountNumber"],
  },
  {
    kind: "bank",
    accountType: "ZAR_ACCOUNT",
    currency: "ZAR",
    required: { accountNumber: digits(9, 13), bankName: F.bankName },
    rails: BANK,
    identity: ["bankName", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "PHP_ACCOUNT",
    currency: "PHP",
    required: { bankName: F.bankName, accountNumber: digits(8, 16) },
    rails: BANK,
    identity: ["bankName", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "SGD_ACCOUNT",
    currency: "SGD",
    required: { accountNumber: F.accountNumber, swiftCode: F.swiftCode },
    optional: { bankName: F.bankName },
    rails: ["PAYNOW", "FAST", "BANK_TRANSFER"],
    identity: ["swiftCode", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "IDR_ACCOUNT",
    currency: "IDR",
    required: {
      bankName: F.bankName,
      accountNumber: F.accountNumber,
      swiftCode: F.swiftCode,
      phoneNumber: pattern(/^\+62[0-9]{9,12}$/, "E.164 phone number +62 followed by 9 to 12 digits"),
    },
    rails: BANK,
    identity: ["swiftCode", "accountNumber"],
  },
  {
    kind: "bank",
    accountType: "GTQ_ACCOUNT",
    currency: "GTQ",
    required: { accountNumber: F.accountNumber, bankAccountType: F.bankAccountType, bankName: F.bankName },
    rails: BANK,
    identity: ["bankName", "accountNumber"],
    beneficiaryRequires: ["countryOfResidence", "phoneNumber"],
  },
  {
    kind: "bank",
    accountType: "JMD_ACCOUNT",
    currency: "JMD",
    required: {
      accountNumber: F.accountNumber,
      branchCode: F.branchCode,
      bankAccountType: F.bankAccountType,
      bankName: F.bankName,
    },
    rails: BANK,
    identity: ["bankName", "branchCode", "accountNumber"],
    beneficiaryRequires: ["address", "phoneNumber"],
  },
  {
    // Choice: ILS is not in the public snapshot; modelled like AED (an Israeli IBAN, 23 characters).
    kind: "bank",
    accountType: "ILS_ACCOUNT",
    currency: "ILS",
    required: { iban: ibanOf("IL", "[0-9]{21}", 23) },
    optional: { swiftCode: F.swiftCode, bankName: F.bankName },
    rails: BANK,
    identity: ["iban"],
  },
  {
    kind: "bank",
    accountType: "SWIFT_ACCOUNT",
    currency: null,
    required: {
      country: pattern(/^[A-Z]{2}$/, "ISO 3166-1 alpha-2 country code"),
      swiftCode: F.swiftCode,
      bankName: F.bankName,
    },
    optional: { accountNumber: F.accountNumber, iban: F.iban },
    alternatives: [
      { fields: ["accountNumber"], rails: ["SWIFT"] },
      { fields: ["iban"], rails: ["SWIFT"] },
    ],
    rails: ["SWIFT"],
    identity: ["swiftCode", "iban", "accountNumber"],
  },
  swiftBank("HKD"),
  swiftBank("MYR"),
  swiftBank("THB"),
  swiftBank("VND"),
  bankOrWallet("BDT", { branchCode: F.branchCode, swiftCode: F.swiftCode }),
  bankOrWallet("CNY"),
  {
    ...bankOrWallet("COP", { bankAccountType: F.bankAccountType }),
    beneficiaryExtra: { documentType: z.enum(["CC", "CE", "TI", "NIT", "PP"]), documentNumber: text(50) },
  },
  bankOrWallet("EGP", { iban: ibanOf("EG", "[0-9]{27}", 29) }, ["iban"]),
  bankOrWallet("GHS"),
  bankOrWallet("PKR", { iban: pattern(/^PK[0-9]{2}[A-Z]{4}[0-9]{16}$/, "PK IBAN (24 characters)") }),
  {
    // SLV = El Salvador, whose currency is the US dollar (SLV is not an ISO 4217 code): currency USD.
    ...bankOrWallet("SLV", { bankAccountType: F.bankAccountType }),
    currency: "USD",
    required: {},
    optional: {
      bankName: F.bankName,
      accountNumber: F.accountNumber,
      bankAccountType: F.bankAccountType,
      phoneNumber: F.phoneNumber,
    },
  },
  { ...mobile("HTG"), required: { phoneNumber: F.phoneNumber } },
  mobile("KES", phoneIn("254")),
  mobile("RWF", phoneIn("250")),
  mobile("TZS", phoneIn("255")),
  mobile("ZMW", phoneIn("260")),
  mobile("UGX"),
  mobile("MWK"),
  mobile("BWP"),
  mobile("XOF", F.phoneNumber, { region: z.enum(["BJ", "CI", "SN", "TG"]) }),
  mobile("XAF", F.phoneNumber, { region: z.enum(["CM", "CG"]) }),
];

export const WALLET_VARIANTS: WalletVariant[] = [
  {
    kind: "wallet",
    accountType: "BASE_WALLET",
    chain: "EVM",
    currencies: ["USDC", "USDT", "EURC", "ETH"],
    signature: "EIP191",
  },
  {
    kind: "wallet",
    accountType: "ETHEREUM_WALLET",
    chain: "EVM",
    currencies: ["USDC", "USDT", "EURC", "PYUSD", "ETH"],
    signature: "EIP191",
  },
  {
    kind: "wallet",
    accountType: "POLYGON_WALLET",
    chain: "EVM",
    currencies: ["USDC", "USDT", "POL"],
    signature: "EIP191",
  },
  { kind: "wallet", accountType: "PLASMA_WALLET", chain: "EVM", currencies: ["USDT", "XPL"], signature: "EIP191" },
  {
    kind: "wallet",
    accountType: "SOLANA_WALLET",
    chain: "SOLANA",
    currencies: ["USDC", "USDT", "EURC", "PYUSD", "SOL"],
    signature: "ED25519",
  },
  { kind: "wallet", accountType: "SPARK_WALLET", chain: "SPARK", currencies: ["BTC", "USDB"], signature: null },
  { kind: "wallet", accountType: "TRON_WALLET", chain: "TRON", currencies: ["USDT", "TRX"], signature: null },
];

export const LIGHTNING_VARIANTS: LightningVariant[] = [
  { kind: "lightning", accountType: "LIGHTNING", currencies: ["BTC"] },
  { kind: "lightning", accountType: "LIGHTNING_ACCOUNT", currencies: ["BTC"] },
];

export const VARIANTS: Variant[] = [...BANK_VARIANTS, ...WALLET_VARIANTS, ...LIGHTNING_VARIANTS];
export const VARIANT_BY_TYPE = new Map<string, Variant>(VARIANTS.map((v) => [v.accountType, v]));

/**
 * The variant of an account type the contract already accepted or a stored row holds: every such type is one of
 * VARIANTS, so a miss is a programming error (a 500), never the client's.
 */
export function variantOf(accountType: string): Variant {
  const v = VARIANT_BY_TYPE.get(accountType);
  if (!v) throw new Error(`no account variant for ${accountType}`);
  return v;
}

/** The currencies a variant accepts (null = any ISO 4217 code). */
export function currenciesOf(v: Variant): string[] | null {
  if (v.kind === "bank") return v.currency === null ? null : [v.currency];
  return v.currencies;
}

export const walletAddress = (chain: Chain) =>
  z.string().refine((a) => isValidWalletAddress(chain, a), {
    message: {
      EVM: "EVM address: 0x followed by 40 hex digits",
      SOLANA: "Solana address: base58 of a 32-byte public key",
      TRON: "Tron address: base58check starting with T (21 bytes, 0x41 prefix)",
      SPARK: "Spark address: bech32m with prefix spark, sp, spt, sprt or sparkrt",
    }[chain],
  });
