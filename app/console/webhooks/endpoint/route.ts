import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { errorSentence } from "@/lib/integrator/console/error-sentence";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/**
 * Set or remove the platform's webhook endpoint (PATCH /config `webhookEndpoint` through the SDK), so the
 * service applies its own destination checks (protocol.md "Webhook endpoints"). A refused address comes back
 * in the box with the reason as a sentence.
 */
export const POST = consoleFormPost(async (req, s) => {
  const form = await req.formData().catch(() => null);
  const { t } = await consoleIntl();
  const remove = form?.get("action") === "remove";
  const url = String(form?.get("webhookEndpoint") ?? "").trim();
  const r = await settle((await consoleClient(s)).updateConfig({ webhookEndpoint: remove ? null : url }));
  if (r.ok) return back(req, "/console/webhooks", t(remove ? "webhooks.cleared" : "webhooks.saved"));
  const e = errorSentence(t, r.error, { webhookEndpoint: t("webhooks.endpointUrl") });
  return back(req, `/console/webhooks?endpoint=${encodeURIComponent(url)}`, e.sentence, e.detail);
});
