import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { serviceCall } from "@/lib/integrator/console/console-client";

/** Queue a webhook delivery again (POST /webhooks/deliveries/{id}/resend). */
export const POST = consoleFormPost<{ deliveryId: string }>(async (req, s, { deliveryId }) => {
  const r = await serviceCall(s, "POST", `/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`);
  return back(req, "/console", r.status === 200 ? `${deliveryId} queued again` : `${deliveryId}: ${r.body?.code ?? r.status}`);
});
