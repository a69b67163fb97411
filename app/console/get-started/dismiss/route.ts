import { consoleClient } from "@/lib/integrator/console/console-client";
import { dismissGetStarted } from "@/lib/integrator/console/get-started";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/** Hide the overview's "Get started" list for the operator's platform (every session, every operator). */
export const POST = consoleFormPost(async (req, s) => {
  const { t } = await consoleIntl();
  const config = await (await consoleClient(s)).getConfig();
  await dismissGetStarted(config.id);
  return back(req, "/console", t("getStarted.dismissed"));
});
