import { createHash } from "node:crypto";
import { base58 } from "@scure/base";
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { internalAccounts } from "@/db/schema";
import { formatId, parseId } from "@/lib/shared/ids";
import { ensurePlatformAccounts } from "@/lib/server/money/platform-accounts";
import { type ResolvedAccount, resolveInternal } from "@/lib/server/money/resolve-accounts";
import type { Quote } from "./quote.contract";
import { invalidInput } from "@/lib/server/core/validation";

/**
 * Grid's REALTIME_FUNDING quote source: the sender pays the quote just in time, by the quote's `paymentInstructions`;
 * the money lands in the customer's own internal account in that currency (the platform's, when no customerId is
 * given, as Grid says) and the quote executes with it (`POST /sandbox/send` in the sandbox). Offered in every currency
 * the service moves that the rails table (lib/server/external-accounts/account-variants.ts) pays out by bank, each by its
 * instant rail where the table has one (BANK_TRANSFER where it has no other), and in USDC by deposit address
 * (docs/protocol.md "Quotes": real-time funding). The bank details are the sandbox's settlement account.
 */
type Instruction = Exclude<
  NonNullable<Quote["paymentInstructions"]>[number]["accountOrWalletInfo"],
  { accountType: "EMBEDDED_WALLET" }
>;

const bankName = "Sandbox Settlement Bank";

const BANK_INSTRUCTIONS: Record<string, (reference: string) => Instruction> = {
  USD: (reference) => ({
    accountType: "USD_ACCOUNT",
    paymentRails: ["RTP", "FEDNOW"],
    accountNumber: "9900000001",
    routingNumber: "026073150",
    bankName,
    reference,
  }),
  EUR: (reference) => ({
    accountType: "EUR_ACCOUNT",
    paymentRails: ["SEPA_INSTANT"],
    iban: "DE02100100100006820101",
    swiftCode: "PBNKDEFF",
    bankName,
    reference,
  }),
  GBP: (reference) => ({
    accountType: "GBP_ACCOUNT",
    paymentRails: ["FASTER_PAYMENTS"],
    sortCode: "040004",
    accountNumber: "99000001",
    bankName,
    reference,
  }),
  MXN: (reference) => ({
    accountType: "MXN_ACCOUNT",
    paymentRails: ["SPEI"],
    clabeNumber: "646180000000000004",
    bankName,
    reference,
  }),
  CAD: (reference) => ({
    accountType: "CAD_ACCOUNT",
    paymentRails: ["BANK_TRANSFER"],
    bankCode: "001",
    branchCode: "00011",
    accountNumber: "9900000001",
    bankName,
    reference,
  }),
  BRL: (reference) => ({
    accountType: "BRL_ACCOUNT",
    paymentRails: ["PIX"],
    qrCode: pixPayload(reference),
    bankName,
    reference,
  }),
  INR: (reference) => ({
    accountType: "INR_ACCOUNT",
    paymentRails: ["UPI"],
    vpa: "sandbox.settlement@gridsandbox",
    bankName,
    reference,
  }),
  PHP: (reference) => ({
    accountType: "PHP_ACCOUNT",
    paymentRails: ["BANK_TRANSFER"],
    accountNumber: "990000000001",
    bankName,
    reference,
  }),
  NGN: (reference) => ({
    accountType: "NGN_ACCOUNT",
    paymentRails: ["BANK_TRANSFER"],
    accountNumber: "9900000001",
    bankName,
    reference,
  }),
};

/** One EMV field: id, two-digit length, value. */
const emv = (id: string, value: string) => `${id}${String(value.length).padStart(2, "0")}${value}`;

/**
 * A PIX copy-and-paste payload of the settlement account (EMV fields: format, merchant account, category, currency 986,
 * country, name, city, and the reference as the transaction id), so that a banking app pays it with the reference.
 */
function pixPayload(reference: string): string {
  const account = emv("00", "br.gov.bcb.pix") + emv("01", "settlement@grid.invalid");
  return [
    emv("00", "01"),
    emv("26", account),
    emv("52", "0000"),
    emv("53", "986"),
    emv("58", "BR"),
    emv("59", "SANDBOX SETTLEMENT BANK"),
    emv("60", "SAO PAULO"),
    emv("62", emv("05", reference)),
  ].join("");
}

/**
 * A stablecoin has no bank reference: each quote gets deposit addresses of its own, derived from its id (so every
 * instance shows the same), on the networks Grid's pages show for USDC.
 */
const WALLET_INSTRUCTIONS: Record<string, (quoteUuid: string) => Instruction[]> = {
  USDC: (quoteUuid) => {
    const seed = createHash("sha256").update(`realtime-funding:${quoteUuid}`).digest();
    return [
      { accountType: "SOLANA_WALLET", address: base58.encode(seed), assetType: "USDC" },
      { accountType: "BASE_WALLET", address: `0x${seed.subarray(0, 20).toString("hex")}`, assetType: "USDC" },
    ];
  },
};

/** The currencies a REALTIME_FUNDING quote may be paid in. */
const REALTIME_FUNDING_CURRENCIES = [...Object.keys(BANK_INSTRUCTIONS), ...Object.keys(WALLET_INSTRUCTIONS)];

/** The internal account a REALTIME_FUNDING quote is funded into: the customer's (or platform's) account in `currency`. */
export async function resolveRealtimeSource(
  db: DbOrTx,
  platformId: string,
  source: { currency: string; customerId?: string },
  customerScope: string | undefined,
): Promise<ResolvedAccount> {
  const bad = (field: string, message: string) =>
    invalidInput([{ field: `source.${field}`, message }], `source.${field}: ${message}`);
  if (!REALTIME_FUNDING_CURRENCIES.includes(source.currency))
    throw bad("currency", `Real-time funding is offered in ${REALTIME_FUNDING_CURRENCIES.join(", ")}`);
  let customerUuid: string | null = null;
  if (source.customerId !== undefined) {
    customerUuid = parseId("Customer", source.customerId);
    if (!customerUuid) throw bad("customerId", "Not a customer id");
  } else if (customerScope) customerUuid = customerScope;
  if (customerScope && customerUuid !== customerScope) throw bad("customerId", "Must be the agent's customer");
  if (!customerUuid) await ensurePlatformAccounts(db, platformId);
  const [account] = await db
    .select({ id: internalAccounts.id })
    .from(internalAccounts)
    .where(
      and(
        eq(internalAccounts.platformId, platformId),
        customerUuid ? eq(internalAccounts.customerId, customerUuid) : isNull(internalAccounts.customerId),
        eq(internalAccounts.currency, source.currency),
        inArray(internalAccounts.type, ["INTERNAL_FIAT", "INTERNAL_CRYPTO"]),
        eq(internalAccounts.status, "ACTIVE"),
      ),
    )
    .limit(1);
  if (!account) {
    const holder = customerUuid ? "The customer" : "The platform";
    throw bad("currency", `${holder} holds no ACTIVE ${source.currency} internal account to fund`);
  }
  return resolveInternal(db, platformId, formatId("InternalAccount", account.id), customerScope);
}

/** Grid's paymentInstructions of a REALTIME_FUNDING quote: where to pay totalSendingAmount (and the reference to quote). */
export function realtimePaymentInstructions(q: { id: string; sendingCurrency: string }) {
  const wallets = WALLET_INSTRUCTIONS[q.sendingCurrency];
  if (wallets)
    return wallets(q.id).map((info) => ({
      accountOrWalletInfo: info,
      instructionsNotes: `Send exactly totalSendingAmount ${q.sendingCurrency} to this address before expiresAt`,
    }));
  const instructions = BANK_INSTRUCTIONS[q.sendingCurrency];
  if (!instructions) return [];
  const reference = `RTF-${q.id.replace(/-/g, "").slice(-12).toUpperCase()}`;
  const info = instructions(reference);
  const rails = "paymentRails" in info ? info.paymentRails.join(" or ") : "bank transfer";
  return [
    {
      accountOrWalletInfo: info,
      instructionsNotes: `Send exactly totalSendingAmount by ${rails} with reference ${reference} before expiresAt`,
    },
  ];
}
