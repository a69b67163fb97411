import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { createHandoff, HANDOFF_TTL_MS, KYC_LINK_COOKIE } from "@/lib/integrator/console/console-handoff";
import { consoleCookieToken, overHttps } from "@/lib/integrator/console/console-session";
import { errorSentence } from "@/lib/integrator/console/error-sentence";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/**
 * Create a hosted verification link for a customer (POST /customers/{id}/kyc-link through the SDK). The link is a
 * bearer secret (single use, 24 h) shown once on the customer's page: it stays on the server (a one-time hand-off,
 * lib/integrator/console/console-handoff.ts), and the cookie carries only the hand-off's random code.
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
  const code = await createHandoff(s.token ?? consoleCookieToken(req) ?? "", "KYC_LINK", r.body.kycUrl);
  res.cookies.set(KYC_LINK_COOKIE, code, {
    httpOnly: true,
    sameSite: "strict",
    secure: overHttps(),
    path: "/console",
    maxAge: HANDOFF_TTL_MS / 1000,
  });
  return res;
});
