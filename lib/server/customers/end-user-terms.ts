import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";

export function currentEndUserTerms(): { version: string; url: string } {
  return { version: env().END_USER_TERMS_VERSION, url: env().END_USER_TERMS_URL };
}

/** 403 END_USER_TERMS_NOT_ACCEPTED unless the customer's consent on file (in `profile`) is for the current terms version. */
export function checkEndUserTerms(profile: unknown): void {
  const consent = (profile as { endUserTermsConsent?: { termsVersion?: string } } | undefined)?.endUserTermsConsent;
  const { version } = currentEndUserTerms();
  if (consent?.termsVersion !== version) {
    throw new ApiError(
      "END_USER_TERMS_NOT_ACCEPTED",
      consent
        ? `The customer consented to end-user terms ${consent.termsVersion}; the current version is ${version}`
        : `The customer has not accepted the end-user terms (version ${version}); record endUserTermsConsent with PATCH /customers/{customerId}`,
      { currentVersion: version },
    );
  }
}
