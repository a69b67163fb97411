import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { errorSentence } from "@/lib/integrator/console/error-sentence";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { returnTo } from "@/lib/integrator/console/return-to";

/** Queue a webhook delivery again (POST /webhooks/deliveries/{id}/resend); a refusal reads as a sentence. */
export const POST = consoleFormPost<{ deliveryId: string }>(async (req, s, { deliveryId }) => {
  const form = await req.formData().catch(() => null);
  const r = await settle((await consoleClient(s)).resendWebhookDelivery(deliveryId));
  const to = returnTo(form, "/console");
  if (r.ok) return back(req, to, `${deliveryId} queued again`);
  const e = errorSentence((await consoleIntl()).t, r.error);
  return back(req, to, e.sentence, e.detail);
});
