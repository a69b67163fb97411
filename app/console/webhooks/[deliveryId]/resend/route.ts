import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";

/** Queue a webhook delivery again (POST /webhooks/deliveries/{id}/resend). */
export const POST = consoleFormPost<{ deliveryId: string }>(async (req, s, { deliveryId }) => {
  const form = await req.formData().catch(() => null);
  const r = await settle((await consoleClient(s)).resendWebhookDelivery(deliveryId));
  return back(req, returnTo(form, "/console"), r.ok ? `${deliveryId} queued again` : `${deliveryId}: ${r.error.code}`);
});
