import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { errorSentence } from "@/lib/integrator/console/error-sentence";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/** Send a signed TEST event now (POST /webhooks/test) and say what the endpoint answered. */
export const POST = consoleFormPost(async (req, s) => {
  const { t } = await consoleIntl();
  const r = await settle((await consoleClient(s)).sendTestWebhook());
  if (r.ok) return back(req, "/console/webhooks", t("webhooks.testAnswered", { status: r.body.response_status }));
  const e = errorSentence(t, r.error);
  return back(req, "/console/webhooks", e.sentence, e.detail);
});
