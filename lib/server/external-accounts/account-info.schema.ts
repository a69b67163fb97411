import { z } from "zod";
import { addressSchema, COUNTRY, DATE, E164 } from "@/lib/server/customers/customer.contract";
import {
  BANK_VARIANTS,
  LIGHTNING_VARIANTS,
  WALLET_VARIANTS,
  walletAddress,
  type BankVariant,
  type Fields,
  type LightningVariant,
  type WalletVariant,
} from "./account-variants";
import { isBolt11, isBolt12, isLightningAddress } from "./wallet-address";
import { defined } from "@/lib/shared/invariant";

/** Builds the accountInfo union from the variant table, for requests ("create") and responses ("output"). */
type Mode = "create" | "output";

const name = z.string().min(1).max(200);
const country = z.string().regex(COUNTRY, "ISO 3166-1 alpha-2 country code");

const individualFields = {
  beneficiaryType: z.literal("INDIVIDUAL"),
  fullName: name,
  birthDate: z.string().regex(DATE, "date YYYY-MM-DD").optional(),
  nationality: country.optional(),
  email: z.email().max(254).optional(),
  phoneNumber: z.string().regex(E164, "E.164 phone number such as +14155550123").optional(),
  countryOfResidence: country.optional(),
  address: addressSchema.optional(),
};

/**
 * Requests refuse a field we do not know (400 naming it) rather than dropping it: a client's `swiftBic` must
 * not vanish. Responses strip instead, so that a stored field we no longer define never breaks a read.
 */
const shape = (mode: Mode) => (fields: z.ZodRawShape) =>
  mode === "create" ? z.strictObject(fields) : z.object(fields);

const businessBeneficiaryFields = {
  beneficiaryType: z.literal("BUSINESS"),
  legalName: name,
  registrationNumber: z.string().min(1).max(100).optional(),
  taxId: z.string().min(1).max(100).optional(),
  email: individualFields.email,
  phoneNumber: individualFields.phoneNumber,
  countryOfResidence: individualFields.countryOfResidence,
  address: individualFields.address,
};
const businessBeneficiary = (mode: Mode) =>
  shape(mode)(businessBeneficiaryFields).describe("Business beneficiary (the same shape for every currency)");

const beneficiaryCache = new Map<string, z.ZodType>();
/** `beneficiary` of a bank variant: INDIVIDUAL (with the currency's extra fields) or BUSINESS. */
function bankBeneficiary(v: BankVariant, mode: Mode): z.ZodType {
  const requires = v.beneficiaryRequires ?? [];
  const extra = v.beneficiaryExtra ?? {};
  const key = `${mode}:${requires.join(",")}:${Object.keys(extra).join(",")}`;
  let s = beneficiaryCache.get(key);
  if (!s) {
    const individual = shape(mode)({
      ...individualFields,
      ...optional(extra),
      ...required(individualFields, requires),
    });
    s = z.discriminatedUnion("beneficiaryType", [
      individual.describe(
        requires.length
          ? `Individual beneficiary; this currency also requires ${requires.join(", ")}`
          : "Individual beneficiary",
      ),
      businessBeneficiary(mode),
    ]);
    beneficiaryCache.set(key, s);
  }
  return s;
}

function required(fields: Record<string, z.ZodType>, names: readonly string[]): Fields {
  return Object.fromEntries(names.map((n) => [n, (fields[n] as z.ZodOptional<z.ZodType>).unwrap()]));
}

const walletBeneficiary = (mode: Mode) =>
  z.discriminatedUnion("beneficiaryType", [
    shape(mode)({ beneficiaryType: z.literal("INDIVIDUAL"), fullName: name, countryOfResidence: country }),
    businessBeneficiary(mode),
  ]);

const rails = (values: string[]) =>
  z.array(z.enum(values as [string, ...string[]])).describe("Read-only: the payment rails of this account");

/**
 * Grid's client 0.7.0 types a bank accountInfo with `paymentRails` and `countries` (read-only in Grid's current
 * OpenAPI). Accepted on create so that its calls work: `paymentRails` must be rails of this type, `countries` ISO
 * codes; neither is stored (the account's rails are derived from its fields, create-external-account.ts).
 */
const clientCopies = (values: string[]): Fields => ({
  paymentRails: z
    .array(z.enum(values as [string, ...string[]]))
    .max(values.length)
    .optional()
    .describe("Accepted, checked against this type's rails, not stored (derived)"),
  countries: z.array(country).max(250).optional().describe("Accepted as ISO 3166-1 alpha-2 codes, not stored"),
});

function optional(fields: Fields = {}): Fields {
  return Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, s.optional()]));
}

function bankSchema(v: BankVariant, mode: Mode) {
  let s = shape(mode)({
    accountType: z.literal(v.accountType),
    ...v.required,
    ...optional(v.optional),
    beneficiary: bankBeneficiary(v, mode),
    ...(mode === "output" ? { paymentRails: rails(v.rails) } : clientCopies(v.rails)),
  });
  const alternatives = v.alternatives;
  if (mode === "create" && alternatives) {
    const groups = alternatives.map((a) => a.fields.join(" + ")).join(" or ");
    s = s.check(
      z.refine(
        (info: Record<string, unknown>) => alternatives.some((a) => a.fields.every((f) => info[f] !== undefined)),
        {
          message: `Requires ${groups}`,
          path: [alternatives[0].fields[0]],
          when: () => true,
        },
      ),
    );
  }
  const alt = v.alternatives
    ? ` One of: ${v.alternatives.map((a) => `${a.fields.join(" + ")} (${a.rails.join("/")})`).join("; ")}.`
    : "";
  const ccy = v.currency ? `currency ${v.currency}` : "any ISO 4217 currency";
  return s.describe(`${v.accountType}: ${ccy}.${alt}`);
}

function walletSchema(v: WalletVariant, mode: Mode) {
  return shape(mode)({
    accountType: z.literal(v.accountType),
    address: walletAddress(v.chain),
    beneficiary: walletBeneficiary(mode)
      .optional()
      .describe(
        "Optional for FIRST_PARTY (the customer's identity is used); required for THIRD_PARTY on platforms subject to counterparty rules",
      ),
    vaspName: z
      .string()
      .min(1)
      .max(200)
      .optional()
      .describe("Custodial wallets: the VASP holding it. Absent = self-custody (ownership verification applies)"),
    ...(mode === "output" ? { paymentRails: rails([v.accountType.replace(/_WALLET$/, "")]) } : {}),
  }).describe(
    `${v.accountType}: currencies ${v.currencies.join(", ")}.${v.signature ? ` Ownership by WALLET_SIGNATURE (${v.signature === "EIP191" ? "EIP-191 personal_sign, hex" : "ed25519, base58"}).` : " WALLET_SIGNATURE not available (409)."}`,
  );
}

function lightningSchema(v: LightningVariant, mode: Mode) {
  let s = shape(mode)({
    accountType: z.literal(v.accountType),
    invoice: z.string().max(8000).refine(isBolt11, "BOLT 11 invoice (bech32, prefix ln…)").optional(),
    bolt12: z.string().max(8000).refine(isBolt12, "BOLT 12 offer (lno1…)").optional(),
    lightningAddress: z.string().refine(isLightningAddress, "Lightning address such as alice@example.com").optional(),
    ...(mode === "output" ? { paymentRails: rails(["LIGHTNING"]) } : {}),
  });
  if (mode === "create") {
    s = s.check(
      z.refine(
        (i: Record<string, unknown>) =>
          i.invoice !== undefined || i.bolt12 !== undefined || i.lightningAddress !== undefined,
        {
          message: "Requires invoice, bolt12 or lightningAddress",
          path: ["invoice"],
          when: () => true,
        },
      ),
    );
  }
  return s.describe(
    `${v.accountType}: the Lightning variant (currency BTC); no beneficiary. Choice: at least one of invoice, bolt12, lightningAddress.`,
  );
}

function union(mode: Mode) {
  const [first, ...rest] = [
    ...BANK_VARIANTS.map((v) => bankSchema(v, mode)),
    ...WALLET_VARIANTS.map((v) => walletSchema(v, mode)),
    ...LIGHTNING_VARIANTS.map((v) => lightningSchema(v, mode)),
  ];
  return z.discriminatedUnion("accountType", [defined(first, "an account variant"), ...rest], {
    error: (iss) => (iss.code === "invalid_union" ? "Missing or unknown accountType" : undefined),
  });
}

export const accountInfoCreateSchema = union("create").describe("accountInfo, discriminated by accountType");
export const accountInfoSchema = union("output").describe(
  "accountInfo, discriminated by accountType; adds read-only paymentRails",
);
