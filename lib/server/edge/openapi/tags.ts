/**
 * The API reference's sections: every tag an operation uses, in the order the reference lists them, with what the
 * section is for. test/contract/openapi-examples.test.ts fails when an operation uses a tag not described here.
 */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  "Platform Configuration":
    "Your platform's settings: webhook endpoint, wallet (WebAuthn, OIDC) settings, limits, and the public keys to verify webhooks and seal bundles.",
  Customers:
    "The people and businesses you serve: create, read, update, list and delete customers, their end-user terms and bulk CSV import.",
  "KYC/KYB Verifications":
    "Submit a customer for KYC (individuals) or KYB (businesses), read the outcome, manage a business's beneficial owners, and hand out a hosted KYC link. Sandbox outcomes follow name suffixes (see *Sandbox*).",
  Documents: "Identity and business documents (PDF, JPEG, PNG) for verification: upload, list, replace, delete.",
  "Contact Verification":
    "One-time codes that confirm a customer's email and phone, for customers whose region requires it (EEA, Switzerland, UK); others answer 409.",
  "Strong Customer Authentication":
    "SCA factors (SMS, TOTP, passkey), the SCA login session, trusted beneficiaries, payment authorization and 2FA reset, for customers in SCA regions; others answer 409.",
  "Internal Accounts":
    "Balances the service holds for customers and for your platform, including each customer's embedded (self-custody) wallet.",
  "External Accounts":
    "Where money goes to or comes from: bank accounts, wallets and Lightning, with beneficiary name checks and wallet ownership proofs.",
  "Exchange Rates": "Current rates and fees per corridor, the same the quotes use.",
  "Cross-Currency Transfers":
    "Quotes: price a payment (any currency pair, locked on the sending or receiving side), execute it, authorize it under SCA.",
  "Same-Currency Transfers": "Deprecated transfer-in and transfer-out between a customer's accounts in one currency.",
  "Cross-border Transfers": "UMA receiver lookups before paying an UMA address.",
  Transactions:
    "The record of every money movement: list and read transactions, approve or reject an agent's, cancel a pending one, confirm a receipt.",
  Webhooks: "Test your receiver and read, inspect and resend deliveries (see the *Webhooks* guide).",
  "Embedded Wallet Auth":
    "Credentials (email OTP, SMS OTP, passkey, OIDC) and sessions of a customer's embedded wallet, and wallet export. Most are signed retries (see the *Signed retries* guide).",
  "Agent Management":
    "AI agents acting for a customer: create them, hand out a device code, set their policy and permissions, and decide their pending actions.",
  "Agent Operations": "What an agent does with its Bearer token: read its accounts, quote, pay, and manage payees.",
  Cards: "Virtual and physical cards funded by a customer's internal accounts: issue, freeze, close, reveal.",
  Stablecoins: "Stablecoin provider accounts, registered stablecoins, and minting and burning them.",
  "API Tokens": "Further platform credentials with VIEW, TRANSACT or MANAGE permission.",
  Invitations: "UMA invitations: create, read, claim and cancel.",
  Discoveries: "Which institutions and rails can receive in a country and currency.",
  VASPs: "The directory of virtual asset service providers.",
  "Available UMA Providers": "The directory of UMA providers.",
  Sandbox:
    "Simulations for sandbox platforms (funding, sends, incoming UMA payments, card network events, test webhooks); production platforms answer 403.",
};
