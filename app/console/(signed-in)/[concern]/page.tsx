import { notFound } from "next/navigation";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { UPCOMING_AREAS } from "@/lib/integrator/console/nav";
import { PageHeader } from "../_ui/page-header";

/**
 * The placeholder of an area whose page another issue brings (none at present: every listed area has its page). A page at that segment
 * (app/console/(signed-in)/cards/page.tsx) takes precedence over this one; any other segment is a 404.
 */
export default async function UpcomingArea({ params }: { params: Promise<{ concern: string }> }) {
  const { concern } = await params;
  const area = UPCOMING_AREAS.find((a) => a === concern);
  if (!area) notFound();
  const { t } = await consoleIntl();
  return <PageHeader title={t(`nav.${area}`)} description={t("common.notYet")} />;
}
