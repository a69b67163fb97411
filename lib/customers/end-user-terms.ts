import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { customers } from "@/db/schema";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";

export function currentEndUserTerms(): { version: string; url: string } {
  return { version: env().END_USER_TERMS_VERSION, url: env().END_USER_TERMS_URL };
}

/** 403 END_USER_TERMS_NOT_ACCEPTED unless the customer's consent on file is for the current terms version. */
export async function requireEndUserTerms(db: DbOrTx, customerId: string): Promise<void> {
  const [c] = await db.select({ profile: customers.profile }).from(customers).where(eq(customers.id, customerId));
  const consent = (c?.profile as { endUserTermsConsent?: { termsVersion?: string } } | undefined)?.endUserTermsConsent;
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
