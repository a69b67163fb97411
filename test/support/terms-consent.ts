/**
 * An end user's consent to the platform's terms, as POST /customers takes it (endUserTermsConsent). Free of vitest, so
 * the benches (bench/*.ts) use it as the tests do.
 */
export function termsConsent() {
  return {
    termsVersion: "V1",
    acceptedAt: new Date().toISOString(),
    acceptanceMethod: "CHECKBOX",
    ipAddress: "127.0.0.1",
  };
}
