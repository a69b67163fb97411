import { consoleClient } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { fillSampleData, SampleDataRefused, sampleDataFailure } from "@/lib/integrator/console/sample-data";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/** Fill the operator's sandbox platform with sample data through the API (lib/integrator/console/sample-data.ts). */
export const POST = consoleFormPost(async (req, s) => {
  const { t } = await consoleIntl();
  try {
    const { created } = await fillSampleData(await consoleClient(s));
    return back(
      req,
      "/console",
      created.length > 0 ? t("sampleData.done", { count: created.length }) : t("sampleData.none"),
    );
  } catch (e) {
    if (e instanceof SampleDataRefused) return back(req, "/console", t(`sampleData.refused.${e.code}`));
    return back(req, "/console", t("sampleData.failed"), sampleDataFailure(e));
  }
});
