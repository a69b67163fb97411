import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { errorSentence } from "@/lib/integrator/console/error-sentence";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

const KYC_LINK_COOKIE = "console_kyc_link";

/**
 * Create a hosted verification link for a customer (POST /customers/{id}/kyc-link through the SDK). The link is
 * a bearer secret (single use, 24 h): it is shown once on the customer's page, carried there in a cookie scoped
 * to the console that lives a minute, as the new agent's device code is.
 */
export const POST = consoleFormPost<{ customerId: string }>(async (req, s, { customerId }) => {
  const { t } = await consoleIntl();
  const id = decodeURIComponent(customerId);
  const page = `/console/customers/${encodeURIComponent(id)}`;
  const r = await settle((await consoleClient(s)).createCustomerKycLink(id));
  if (!r.ok) {
    const e = errorSentence(t, r.error);
    return back(req, page, e.sentence, e.detail);
  }
  const res = back(req, page);
  res.cookies.set(KYC_LINK_COOKIE, r.body.kycUrl, {
    httpOnly: true,
    sameSite: "strict",
    secure: new URL(req.url).protocol === "https:",
    path: "/console",
    maxAge: 60,
  });
  return res;
});
