/**
 * The lists of test/integration/edge/grid-docs-corpus.test.ts: the examples of Grid's documentation that cannot run here,
 * those where the spec decides otherwise than the page, the gaps still to fix, and the documented refusals.
 */

/** Examples that cannot be sent as a request here, grouped by the reason. */
export const CANNOT_RUN: [reason: string, ids: string[]][] = [
  [
    "a fragment, not a request: the page elides the URL's path (`…/2025-10-13...`)",
    ["api-reference/authentication.mdx:12"],
  ],
  [
    "the page's body is not complete JSON (parts elided with `...` or annotated with comments): there is no request to send",
    [
      "global-p2p/onboarding/configuring-customers.mdx:69",
      "payouts-and-b2b/quickstart.mdx:298",
      "ramps/onboarding/configuring-customers.mdx:46",
      "ramps/onboarding/configuring-customers.mdx:67",
      "ramps/platform-tools/sandbox-testing.mdx:333",
      "snippets/creating-customers/customers.mdx:110",
      "snippets/creating-customers/customers.mdx:143",
      "snippets/creating-customers/customers.mdx:159",
      "snippets/creating-customers/customers.mdx:232",
      "snippets/creating-customers/customers.mdx:57",
      "snippets/external-accounts.mdx:1427",
    ],
  ],
  [
    "the page names an operation Grid's OpenAPI does not have (`GET /internal-account`, `GET /internal-accounts`)",
    ["payouts-and-b2b/quickstart.mdx:122", "snippets/global-accounts/walkthrough.mdx:50"],
  ],
  [
    "a cursor from Grid's own list (`eyJpZCI6IlRyYW5z...`): cursors are opaque, only the service that issued one continues its list",
    ["payouts-and-b2b/payment-flow/list-transactions.mdx:193"],
  ],
  [
    "a placeholder OIDC token (`eyJhbGciOi…`, or one long expired): a real one is signed by the platform's identity provider; OAUTH credentials run in test/integration/credentials/oauth.test.ts",
    [
      "snippets/global-accounts/authentication.mdx:448",
      "snippets/global-accounts/authentication.mdx:465",
      "snippets/global-accounts/authentication.mdx:683",
      "snippets/global-accounts/authentication.mdx:711",
      "snippets/sandbox-global-account-magic.mdx:137",
      "openapi POST /auth/credentials oauth",
      "openapi POST /auth/credentials/{id}/verify oauth",
    ],
  ],
  [
    "an SMS_OTP verify: its `encryptedOtpBundle` seals a code sent by SMS to a credential only a signed retry adds (an EMAIL_OTP bundle is sealed here for the EMAIL_OTP examples); SMS OTP sign-in runs in test/integration/credentials/sms-otp.test.ts",
    ["openapi POST /auth/credentials/{id}/verify smsOtp"],
  ],

  [
    "placeholder WebAuthn values (`clientPublicKey`, an attestation or assertion, a passkey credential): made by a real authenticator; passkeys run in test/integration/credentials/passkeys.test.ts",
    [
      "snippets/sandbox-global-account-magic.mdx:69",
      "snippets/sandbox-global-account-magic.mdx:77",
      "openapi POST /auth/credentials passkey",
      "openapi POST /auth/credentials/{id}/verify passkey",
      "openapi POST /auth/credentials/{id}/challenge passkey",
    ],
  ],
  [
    "needs a payment held for SCA (an EEA customer with a live SCA session and a sent code); quote authorization runs in test/integration/sca/sca-authorization.test.ts",
    ["platform-overview/core-concepts/quote-system.mdx:259"],
  ],
  [
    "needs a second credential on the wallet (revoking the only one is refused, protocol.md), which only a signed retry adds",
    ["snippets/global-accounts/authentication.mdx:741", "snippets/global-accounts/authentication.mdx:761"],
  ],
  [
    "needs a wallet without the credential the example adds: a new customer's wallet comes with its EMAIL_OTP credential (a second is EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS), and an SMS_OTP credential needs a verified phone number on file",
    ["openapi POST /auth/credentials emailOtp", "openapi POST /auth/credentials smsOtp"],
  ],
];

/**
 * Examples that run and fail because the spec or docs/protocol.md decides otherwise than the page, grouped by the rule
 * that decides. Each group is a row of docs/protocol.md "Differences from Grid".
 */
export const DECIDED_DIFFERENCES: [rule: string, ids: string[]][] = [
  [
    "Grid's OpenAPI (immediatelyExecute is \"only for quotes with a source which is either an internal account, or has direct pull functionality\") and docs/protocol.md Quotes: a REALTIME_FUNDING quote executes when its funds arrive, so the example's immediatelyExecute is refused by name",
    ["openapi POST /quotes realTimeFundingToSparkWallet"],
  ],
  [
    "docs/protocol.md External accounts: a Spark address must pass its bech32m checksum, so that a mistyped address cannot receive money; Grid's documented `spark1pgssyuuu…6mrhu` fails it",
    [
      "openapi POST /agents/me/external-accounts sparkWallet",
      "openapi POST /customers/external-accounts sparkWallet",
      "openapi POST /platform/external-accounts sparkWallet",
      "ramps/accounts/external-accounts.mdx:49",
      "ramps/conversion-flows/fiat-crypto-conversion.mdx:31",
      "ramps/conversion-flows/self-custody-wallets.mdx:365",
      "ramps/conversion-flows/self-custody-wallets.mdx:69",
      "ramps/platform-tools/sandbox-testing.mdx:366",
      "ramps/platform-tools/sandbox-testing.mdx:93",
      "ramps/quickstart.mdx:65",
      "rewards/developer-guides/distributing-rewards.mdx:220",
      "rewards/developer-guides/distributing-rewards.mdx:70",
      "rewards/platform-tools/sandbox-testing.mdx:120",
      "rewards/platform-tools/sandbox-testing.mdx:265",
      "rewards/platform-tools/sandbox-testing.mdx:304",
      "rewards/platform-tools/sandbox-testing.mdx:64",
      "rewards/quickstart.mdx:200",
      "snippets/external-accounts.mdx:1685",
    ],
  ],
  [
    "spec and docs/protocol.md External accounts: created without `customerId`, the account is the platform's own, whose `customerId` is null; Grid's ExternalAccount types `customerId` as a string",
    [
      "snippets/external-accounts.mdx:1010",
      "snippets/external-accounts.mdx:1050",
      "snippets/external-accounts.mdx:1079",
      "snippets/external-accounts.mdx:1116",
      "snippets/external-accounts.mdx:1145",
      "snippets/external-accounts.mdx:1180",
      "snippets/external-accounts.mdx:1218",
      "snippets/external-accounts.mdx:1252",
      "snippets/external-accounts.mdx:1292",
      "snippets/external-accounts.mdx:1322",
      "snippets/external-accounts.mdx:1357",
      "snippets/external-accounts.mdx:1392",
      "snippets/external-accounts.mdx:1463",
      "snippets/external-accounts.mdx:1500",
      "snippets/external-accounts.mdx:1536",
      "snippets/external-accounts.mdx:1572",
      "snippets/external-accounts.mdx:1608",
      "snippets/external-accounts.mdx:1645",
      "snippets/external-accounts.mdx:167",
      "snippets/external-accounts.mdx:1703",
      "snippets/external-accounts.mdx:1721",
      "snippets/external-accounts.mdx:1739",
      "snippets/external-accounts.mdx:1757",
      "snippets/external-accounts.mdx:1775",
      "snippets/external-accounts.mdx:1793",
      "snippets/external-accounts.mdx:1812",
      "snippets/external-accounts.mdx:199",
      "snippets/external-accounts.mdx:243",
      "snippets/external-accounts.mdx:273",
      "snippets/external-accounts.mdx:342",
      "snippets/external-accounts.mdx:378",
      "snippets/external-accounts.mdx:417",
      "snippets/external-accounts.mdx:446",
      "snippets/external-accounts.mdx:486",
      "snippets/external-accounts.mdx:50",
      "snippets/external-accounts.mdx:522",
      "snippets/external-accounts.mdx:558",
      "snippets/external-accounts.mdx:593",
      "snippets/external-accounts.mdx:628",
      "snippets/external-accounts.mdx:663",
      "snippets/external-accounts.mdx:698",
      "snippets/external-accounts.mdx:733",
      "snippets/external-accounts.mdx:806",
      "snippets/external-accounts.mdx:843",
      "snippets/external-accounts.mdx:880",
      "snippets/external-accounts.mdx:910",
      "snippets/external-accounts.mdx:945",
      "snippets/external-accounts.mdx:982",
    ],
  ],
  [
    "docs/protocol.md \"Where this document and the spec are silent\": Grid's OpenAPI decides shapes, its guides only where it is silent; these pages' bodies disagree with it (an accountType it no longer defines such as CLABE, a field its schema lacks such as `bankName` or `accountInfo.platformAccountId`, a required field left out such as `region` or `countryOfResidence`, a `requiredCounterpartyFields` name outside its CustomerInfoFieldName such as `ADDRESS`), and the service's bodies are strict and name each such field",
    [
      "global-p2p/quickstart.mdx:81",
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:189",
      "payouts-and-b2b/quickstart.mdx:238",
      "ramps/platform-tools/sandbox-testing.mdx:201",
      "ramps/platform-tools/sandbox-testing.mdx:305",
      "openapi POST /customers/external-accounts usBankAccount",
      "openapi POST /platform/external-accounts usBankAccount",
      "snippets/external-accounts.mdx:127",
      "snippets/external-accounts.mdx:308",
      "snippets/external-accounts.mdx:768",
      "snippets/external-accounts.mdx:94",
      "global-p2p/getting-started/platform-configuration.mdx:134",
      "snippets/platform-configuration-uma.mdx:55",
    ],
  ],
  [
    "spec Agent Operations and docs/protocol.md: approve and reject decide an agent's outgoing transaction; Grid's decide an incoming payment (`receiverCustomerInfo` in the body, an INCOMING transaction in the answer)",
    [
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:112",
      "global-p2p/sending-receiving-payments/receiving-payments.mdx:126",
    ],
  ],
  [
    "docs/protocol.md Differences from Grid (project rule: a secret or identity number is stored encrypted and never echoed): a beneficial owner's tax identifier is write-only, stored encrypted and never returned; Grid's answer requires `personalInfo.identifier`",
    ["snippets/kyc/kyc-unregulated.mdx:318"],
  ],
  [
    "docs/protocol.md Cards: a customer holds one internal account per currency and a card's funding sources share one currency, so the page's second source on one card is ineligible here",
    ["openapi PATCH /cards/{id} updateFundingSources", "snippets/cards/funding-sources.mdx:41"],
  ],
];

/**
 * Examples that run and fail for a shortcoming of the service or of this runner, grouped by it: each is to be fixed,
 * not kept (the goal is an empty list).
 */
export const GAPS: [gap: string, ids: string[]][] = [];

/** Examples that document a refusal: the status the page shows, and why. */
export const DOCUMENTED_REFUSALS: Record<string, [status: number, reason: string]> = {
  "global-p2p/platform-tools/sandbox-testing.mdx:223": [404, "the sandbox's address of no one: UMA_NOT_FOUND"],
};

/** Paths of the KYC pages: their customers are verified by POST /verifications, as those pages do it. */
export const PAPERWORK = /^\/(verifications|documents|beneficial-owners)/;
