/**
 * Request examples for the API reference, so that no body shows `""`. Each is built from the operation's own
 * request schema (its JSON Schema, from the contract's zod): `examples`/`default` the contract gives, enum and const
 * values, identifiers in the `<Type>:<uuid>` shape of protocol.md "Encodings", and realistic values for the field names
 * the service uses (a name, an email, an amount in minor units). Where a schema's rule is more than its JSON Schema says
 * (refinements: one field or another, a signed payload), EXAMPLE_OVERRIDES gives the body by hand.
 * test/contract/openapi-examples.test.ts checks that every example parses with its operation's request schema.
 */

type Json = Record<string, unknown>;

/** Identifiers of the examples: one fixed uuid per type, as Grid's documents write them. */
const EXAMPLE_UUID = "019542f5-b3e7-1d02-0000-000000000001";
const exampleId = (type: string) => `${type}:${EXAMPLE_UUID}`;
/** A P-256 public key (uncompressed SEC1 hex) for the fields that carry a client's key: a point on the curve. */
const EXAMPLE_PUBLIC_KEY =
  "04de7d9177c338b98a5577d647b1a43af0e2b2898e0f5fff540b09ac450d0228e5cea2d9b8ef46faa0f704b46fbc7e023e42bc6f4306e5bb9e044e2dc60a8726f0";

/** Field name → the identifier type it holds, when the schema does not say (a plain string). */
const ID_FIELDS: Record<string, string> = {
  customerId: "Customer",
  accountId: "InternalAccount",
  internalAccountId: "InternalAccount",
  externalAccountId: "ExternalAccount",
  quoteId: "Quote",
  transactionId: "Transaction",
  agentId: "Agent",
  sessionId: "Session",
  authMethodId: "AuthMethod",
  cardId: "Card",
  documentId: "Document",
  beneficialOwnerId: "BeneficialOwner",
  verificationId: "Verification",
  stablecoinId: "Stablecoin",
  providerAccountId: "StablecoinProviderAccount",
  stablecoinProviderAccountId: "StablecoinProviderAccount",
  delegatedKeyId: "DelegatedKey",
  fundingSourceId: "InternalAccount",
  cardholderId: "Customer",
  challengeId: "ScaChallenge",
  fundingSources: "InternalAccount",
  allowedAccountIds: "ExternalAccount",
};

/** `parent.field` → a value where the field's name alone is ambiguous. */
const NAMED_IN: Record<string, unknown> = {
  "currency.code": "USD",
  "merchant.descriptor": "BLUE BOTTLE COFFEE SF CA",
};

/** Field name → a realistic value (strings unless the schema's type says otherwise). */
const NAMED: Record<string, unknown> = {
  fullName: "Jane Doe",
  legalName: "Acme Corporation",
  name: "Reconciliation bot",
  nickname: "Everyday account",
  firstName: "Jane",
  middleName: "Marie",
  lastName: "Doe",
  email: "jane.doe@example.com",
  phoneNumber: "+14155550123",
  phone: "+14155550123",
  birthDate: "1990-01-15",
  dateOfBirth: "1990-01-15",
  nationality: "US",
  country: "US",
  countryOfIncorporation: "US",
  currency: "USD",
  currencyCode: "USD",
  sendingCurrencyCode: "USD",
  receivingCurrencyCode: "EUR",
  line1: "123 Main Street",
  line2: "Apt 4B",
  city: "San Francisco",
  state: "CA",
  postalCode: "94105",
  platformCustomerId: "user-4812",
  description: "Invoice 4812",
  reason: "Requested by the customer",
  umaAddress: "$jane@example.com",
  receiverUmaAddress: "$success.usd@sandbox.uma.money",
  webhookEndpoint: "https://example.com/webhooks",
  url: "https://example.com/webhooks",
  redirectUrl: "https://example.com/kyc/done",
  returnUrl: "https://example.com/kyc/done",
  accountNumber: "123456789",
  routingNumber: "021000021",
  iban: "DE89370400440532013000",
  swiftCode: "DEUTDEFF",
  bankName: "Example Bank",
  taxId: "123-45-6789",
  identifier: "123-45-6789",
  address: "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
  nonce: "7d1c6f0e2a9b4c3d",
  purposeOfPayment: "GIFT",
  lockedCurrencySide: "SENDING",
  code: "123456",
  rpId: "wallet.example.com",
  rpName: "Example Wallet",
  origins: "https://wallet.example.com",
  issuer: "https://accounts.example.com",
  audiences: "wallet-client-id",
  logoUrl: "https://example.com/logo.png",
  umaDomain: "uma.example.com",
  redirectUri: "https://example.com/kyc/done",
  countryCode: "+1",
  number: "4155550123",
  clientPublicKey: EXAMPLE_PUBLIC_KEY,
  ipAddress: "203.0.113.7",
  termsVersion: "2025-10-01",
  documentHolder: exampleId("Customer"),
  file: "passport.pdf",
  origin: "https://wallet.example.com",
  endUserIpAddress: "203.0.113.7",
  senderUmaAddress: "$success.usd@sandbox.uma.money",
  destinationAddress: "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  secret: "JBSWY3DPEHPK3PXP",
  publicToken: "public-sandbox-5c224a01-8314-4491-a06f-39e193d5cddc",
  apiClientId: "brale-client-7f3a",
  apiClientSecret: "brale-secret-2b9d41",
  ownershipPercentage: 25,
  maxSpendPerTransaction: 50000,
  otp: "123456",
  amount: 1000,
  lockedCurrencyAmount: 1000,
};

const STRING_FORMATS: Record<string, string> = {
  email: "jane.doe@example.com",
  date: "1990-01-15",
  "date-time": "2025-10-13T12:00:00Z",
  uri: "https://example.com/webhooks",
  url: "https://example.com/webhooks",
  uuid: "019542f5-b3e7-7d02-8000-000000000001",
  ipv4: "203.0.113.7",
  e164: "+14155550123",
};

function named(field: string, parent: string): unknown {
  return NAMED_IN[`${parent}.${field}`] ?? NAMED[field];
}

function stringValue(s: Json, field: string, parent: string): string {
  const pattern = typeof s.pattern === "string" ? s.pattern : undefined;
  const typed = pattern && /^\^([A-Za-z]+):\[0-9a-f/i.exec(pattern);
  if (typed) return exampleId(typed[1]);
  if (typeof s.format === "string" && STRING_FORMATS[s.format]) return STRING_FORMATS[s.format];
  if (ID_FIELDS[field]) return exampleId(ID_FIELDS[field]);
  const known = named(field, parent);
  let v =
    typeof known === "string"
      ? known
      : field.endsWith("Id")
        ? exampleId(field[0].toUpperCase() + field.slice(1, -2))
        : "example";
  if (pattern) {
    const re = new RegExp(pattern, "u");
    if (!re.test(v)) v = patternValue(pattern) ?? v;
  }
  const min = typeof s.minLength === "number" ? s.minLength : 0;
  const max = typeof s.maxLength === "number" ? s.maxLength : Number.POSITIVE_INFINITY;
  if (v.length < min) v = v.padEnd(min, "x");
  if (v.length > max) v = v.slice(0, max);
  return v;
}

/** Values for the patterns the contracts use, tried in order. */
const PATTERN_CANDIDATES = [
  "USD",
  "US",
  "1000",
  "+14155550123",
  "1990-01-15",
  "0x742d35Cc6634C0532925a3b844Bc454e4438f44e",
  "$jane@example.com",
  "123456",
  "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90",
  "gat_0123456789abcdef0123456789abcdef01234567",
];
function patternValue(pattern: string): string | undefined {
  const re = new RegExp(pattern, "u");
  return PATTERN_CANDIDATES.find((c) => re.test(c));
}

function numberValue(s: Json, field: string, parent: string): number {
  const known = named(field, parent);
  // Amounts and limits in minor units: $10.00 and $1,000.00.
  let v = typeof known === "number" ? known : /Amount$/.test(field) ? 1000 : /Limit$/.test(field) ? 100000 : 1;
  if (typeof s.minimum === "number" && v < s.minimum) v = s.minimum;
  if (typeof s.exclusiveMinimum === "number" && v <= s.exclusiveMinimum) v = s.exclusiveMinimum + 1;
  if (typeof s.maximum === "number" && v > s.maximum) v = s.maximum;
  return v;
}

/** A value of JSON Schema `s` for a field named `field` (depth-bounded: recursive schemas stop at optional fields). */
function exampleOf(s: Json, field = "", depth = 0, parent = ""): unknown {
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum.find((v) => v !== null);
  const union = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (union) {
    const member = union.find((m) => m.type !== "null") ?? union[0];
    return exampleOf(member, field, depth, parent);
  }
  if (Array.isArray(s.allOf)) return Object.assign({}, ...s.allOf.map((m: Json) => exampleOf(m, field, depth, parent)));
  if (s.default !== undefined && s.type !== "object") return s.default;
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== "null") : s.type;
  switch (type) {
    case "string":
      return stringValue(s, field, parent);
    case "integer":
    case "number":
      return numberValue(s, field, parent);
    case "boolean":
      return true;
    case "array": {
      const n = typeof s.minItems === "number" && s.minItems > 0 ? s.minItems : 1;
      const item = (s.items ?? {}) as Json;
      return Array.from({ length: n }, () => exampleOf(item, field, depth + 1, parent));
    }
    case "object": {
      const properties = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set((s.required ?? []) as string[]);
      // An object of optional fields only (an update) shows them all; otherwise the required ones.
      const keys = Object.keys(properties).filter((k) => required.has(k) || (required.size === 0 && depth < 2));
      return Object.fromEntries(keys.map((k) => [k, exampleOf(properties[k], k, depth + 1, field)]));
    }
    default:
      return named(field, parent) ?? "example";
  }
}

/** Bodies whose schema says more than its JSON Schema (refinements), by operationId. */
const EXAMPLE_OVERRIDES: Record<string, unknown> = {
  // One customer type at a time: the schema takes either type's fields and refuses the other's.
  createCustomer: {
    customerType: "INDIVIDUAL",
    platformCustomerId: "user-4812",
    fullName: "Jane Doe",
    email: "jane.doe@example.com",
    birthDate: "1990-01-15",
    nationality: "US",
    address: { line1: "123 Main Street", city: "San Francisco", state: "CA", postalCode: "94105", country: "US" },
  },
  // A payout: from the customer's internal account to its external (bank) account.
  createQuote: {
    source: { sourceType: "ACCOUNT", accountId: exampleId("InternalAccount") },
    destination: { destinationType: "ACCOUNT", accountId: exampleId("ExternalAccount") },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 10000,
    description: "Invoice 4812",
  },
  agentCreateQuote: {
    source: { sourceType: "ACCOUNT", accountId: exampleId("InternalAccount") },
    destination: { destinationType: "ACCOUNT", accountId: exampleId("ExternalAccount") },
    lockedCurrencySide: "SENDING",
    lockedCurrencyAmount: 2500,
    description: "Office supplies",
  },
  // Deprecated transfers: in from the customer's external account, out to it.
  transferIn: {
    source: { accountId: exampleId("ExternalAccount") },
    destination: { accountId: exampleId("InternalAccount") },
    amount: 10000,
  },
  transferOut: {
    source: { accountId: exampleId("InternalAccount") },
    destination: { accountId: exampleId("ExternalAccount") },
    amount: 10000,
  },
  agentCreateTransferIn: {
    source: { accountId: exampleId("ExternalAccount") },
    destination: { accountId: exampleId("InternalAccount") },
    amount: 10000,
  },
  agentCreateTransferOut: {
    source: { accountId: exampleId("InternalAccount") },
    destination: { accountId: exampleId("ExternalAccount") },
    amount: 10000,
  },
  // One factor at a time: a code (SMS_OTP or TOTP) or a passkey assertion.
  authorizeQuote: { code: "123456" },
  confirmBeneficiaryTrust: { challengeId: exampleId("ScaChallenge"), code: "123456" },
  confirmBeneficiaryUntrust: { challengeId: exampleId("ScaChallenge"), code: "123456" },
  updateCustomer: { customerType: "INDIVIDUAL", email: "jane.doe@example.com", phoneNumber: "+14155550123" },
  // protocol.md EMAIL_OTP: the code sealed (HPKE) to the enclave key, as the JSON string the client sends.
  verifyCredential: {
    type: "EMAIL_OTP",
    encryptedOtpBundle: JSON.stringify({ encappedPublic: EXAMPLE_PUBLIC_KEY, ciphertext: "a3".repeat(33) }),
  },
};

/** The collection a path's `{id}` names → its identifier type. */
const COLLECTION_TYPES: Record<string, string> = {
  "internal-accounts": "InternalAccount",
  cards: "Card",
  "stablecoin-provider-accounts": "StablecoinProviderAccount",
  stablecoins: "Stablecoin",
  "stablecoin-operations": "StablecoinOperation",
  credentials: "AuthMethod",
  sessions: "Session",
  "delegated-keys": "DelegatedKey",
};

/** Path parameters whose value is no identifier of ours. */
const PATH_VALUES: Record<string, string> = {
  code: "WDJB-MJHT",
  invitationCode: "019542f5",
  receiverUmaAddress: "$success.usd@sandbox.uma.money",
  plaid_link_token: "link-sandbox-7f3a2b1c-0d4e-4f5a-9b6c-8d7e6f5a4b3c",
  credentialId: "bWFpbi1wYXNza2V5LWNyZWRlbnRpYWw",
};

/** The example of a path parameter `name` in `path` (an identifier of the type the path names). */
export function pathParameterExample(path: string, name: string): string {
  if (PATH_VALUES[name]) return PATH_VALUES[name];
  const collection = new RegExp(`/([^/{}]+)/\\{${name}\\}`).exec(path)?.[1] ?? "";
  const type =
    name === "id"
      ? COLLECTION_TYPES[collection]
      : name === "accountId" && collection === "external-account"
        ? "ExternalAccount"
        : (ID_FIELDS[name] ??
          { deliveryId: "Webhook", tokenId: "Token", actionId: "AgentAction", jobId: "Job", resetId: "TwoFactorReset" }[
            name
          ]);
  return type ? exampleId(type) : stringValue({}, name, "");
}

/** The request example of an operation: its override, else one built from its request schema's JSON Schema. */
export function requestExample(operationId: string, bodySchema: Json): unknown {
  return operationId in EXAMPLE_OVERRIDES ? EXAMPLE_OVERRIDES[operationId] : exampleOf(bodySchema);
}
