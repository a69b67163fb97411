/** One valid accountInfo (and its currency) per accountType, for the integration tests and the benchmark. */
import { bech32 } from "@scure/base";

const BENEFICIARY = {
  beneficiaryType: "INDIVIDUAL",
  fullName: "Jane Doe",
  countryOfResidence: "US",
  phoneNumber: "+14155550123",
  address: { line1: "1 Main St", postalCode: "94105", country: "US" },
};
const SWIFT = "DEUTDEFF";
const mobile = (phoneNumber: string, extra: Record<string, string> = {}) => ({
  phoneNumber,
  provider: "Example Provider",
  ...extra,
});
const swiftBank = { bankName: "Example Bank", accountNumber: "1234567890", swiftCode: SWIFT };
const bankName = { bankName: "Example Bank", accountNumber: "1234567890" };

const BANK_EXAMPLES: Record<string, [string, Record<string, unknown>]> = {
  USD_ACCOUNT: ["USD", { accountNumber: "000123456789", routingNumber: "021000021", bankAccountType: "CHECKING" }],
  EUR_ACCOUNT: ["EUR", { iban: "DE89370400440532013000", swiftCode: SWIFT }],
  DKK_ACCOUNT: ["DKK", { iban: "DK5000400040116243" }],
  AED_ACCOUNT: ["AED", { iban: "AE070331234567890123456" }],
  GBP_ACCOUNT: ["GBP", { sortCode: "123456", accountNumber: "12345678" }],
  MXN_ACCOUNT: ["MXN", { clabeNumber: "123456789012345678" }],
  BRL_ACCOUNT: ["BRL", { pixKey: "user@example.com", pixKeyType: "EMAIL", taxId: "11111111111" }],
  INR_ACCOUNT: ["INR", { vpa: "user@upi" }],
  CAD_ACCOUNT: ["CAD", { bankCode: "001", branchCode: "12345", accountNumber: "1234567" }],
  NGN_ACCOUNT: ["NGN", { accountNumber: "0123456789", bankName: "Example Bank" }],
  ZAR_ACCOUNT: ["ZAR", bankName],
  PHP_ACCOUNT: ["PHP", { bankName: "BDO Unibank", accountNumber: "001234567890" }],
  SGD_ACCOUNT: ["SGD", { accountNumber: "0123456789", swiftCode: "DBSSSGSG" }],
  IDR_ACCOUNT: ["IDR", { ...swiftBank, phoneNumber: "+6281234567890" }],
  GTQ_ACCOUNT: ["GTQ", { ...bankName, bankAccountType: "CHECKING" }],
  JMD_ACCOUNT: ["JMD", { ...bankName, branchCode: "11111", bankAccountType: "SAVINGS" }],
  ILS_ACCOUNT: ["ILS", { iban: "IL620108000000099999999" }],
  SWIFT_ACCOUNT: ["USD", { country: "NG", swiftCode: SWIFT, bankName: "Deutsche Bank", accountNumber: "1234567890" }],
  HKD_ACCOUNT: ["HKD", swiftBank],
  MYR_ACCOUNT: ["MYR", swiftBank],
  THB_ACCOUNT: ["THB", swiftBank],
  VND_ACCOUNT: ["VND", swiftBank],
  BDT_ACCOUNT: ["BDT", bankName],
  CNY_ACCOUNT: ["CNY", { bankName: "AliPay", phoneNumber: "+8613800138000" }],
  COP_ACCOUNT: ["COP", { ...bankName, bankAccountType: "SAVINGS" }],
  EGP_ACCOUNT: ["EGP", { bankName: "Example Bank", iban: "EG380019000500000000263180002" }],
  GHS_ACCOUNT: ["GHS", bankName],
  PKR_ACCOUNT: ["PKR", bankName],
  SLV_ACCOUNT: ["USD", { phoneNumber: "+50370000000" }],
  HTG_ACCOUNT: ["HTG", { phoneNumber: "+50937000000" }],
  KES_ACCOUNT: ["KES", mobile("+254712345678")],
  RWF_ACCOUNT: ["RWF", mobile("+250781234567")],
  TZS_ACCOUNT: ["TZS", mobile("+255712345678")],
  ZMW_ACCOUNT: ["ZMW", mobile("+260971234567")],
  UGX_ACCOUNT: ["UGX", mobile("+256712345678")],
  MWK_ACCOUNT: ["MWK", mobile("+265991234567")],
  BWP_ACCOUNT: ["BWP", mobile("+26771234567")],
  XOF_ACCOUNT: ["XOF", mobile("+221771234567", { region: "SN" })],
  XAF_ACCOUNT: ["XAF", mobile("+237671234567", { region: "CM" })],
};

const EVM_ADDRESS = "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf";
const WALLET_EXAMPLES: Record<string, [string, string]> = {
  BASE_WALLET: ["USDC", EVM_ADDRESS],
  ETHEREUM_WALLET: ["USDT", EVM_ADDRESS],
  POLYGON_WALLET: ["USDC", EVM_ADDRESS],
  PLASMA_WALLET: ["USDT", EVM_ADDRESS],
  SOLANA_WALLET: ["USDC", "4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb4xXHzsAbd8Wg"],
  SPARK_WALLET: ["BTC", "spark1pgssymd2tclhssydekkfgcj6ldu4d7z0pprcw7nxfng9hktmk7tpmekd4v202u"],
  TRON_WALLET: ["USDT", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL"],
};

/** A well-formed BOLT 11 string (bech32 with an "lnbc" prefix). */
const BOLT11 = bech32.encode("lnbc2500u", bech32.toWords(new Uint8Array(80).fill(7)), 10_000);

/** `{currency, accountInfo}` for a create request of the given type. */
export function example(accountType: string): { currency: string; accountInfo: Record<string, unknown> } {
  if (BANK_EXAMPLES[accountType]) {
    const [currency, fields] = BANK_EXAMPLES[accountType];
    return { currency, accountInfo: { accountType, ...fields, beneficiary: BENEFICIARY } };
  }
  if (WALLET_EXAMPLES[accountType]) {
    const [currency, address] = WALLET_EXAMPLES[accountType];
    return { currency, accountInfo: { accountType, address } };
  }
  if (accountType === "LIGHTNING")
    return { currency: "BTC", accountInfo: { accountType, lightningAddress: "alice@example.com" } };
  if (accountType === "LIGHTNING_ACCOUNT") return { currency: "BTC", accountInfo: { accountType, invoice: BOLT11 } };
  throw new Error(`no example for ${accountType}`);
}

export const ALL_TYPES = [
  ...Object.keys(BANK_EXAMPLES),
  ...Object.keys(WALLET_EXAMPLES),
  "LIGHTNING",
  "LIGHTNING_ACCOUNT",
];
