import { notFound } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../../_ui/data-table";
import { LocalTime } from "../../_ui/local-time";
import { ReturnField } from "../../_ui/return-field";
import { Status } from "../../_ui/status";
import { Badge } from "../../_ui/badge";
import { Fields } from "../../_ui/fields";
import { JsonBlock } from "../../_ui/json-block";
import { PageHeader } from "../../_ui/page-header";
import { Section } from "../../_ui/section";
import { buttonPlain } from "../../_ui/styles";
import { TextLink } from "../../_ui/text-link";

/** One webhook delivery: the payload it sends (the same bytes every attempt) and each attempt with its answer. */
export default async function DeliveryPage({
  params,
  searchParams,
}: {
  params: Promise<{ deliveryId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const deliveryId = decodeURIComponent((await params).deliveryId);
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const r = await settle(client.getWebhookDelivery(deliveryId));
  if (!r.ok) notFound();
  const d = r.body;
  const here = `/console/webhooks/${d.id}`;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <nav aria-label={t("common.breadcrumb")} className="text-sm">
        <TextLink href="/console/webhooks">{t("webhooks.title")}</TextLink> / <span className="break-all">{d.id}</span>
      </nav>
      <PageHeader title={d.eventType} description={d.id}>
        <Badge status={d.status} />
      </PageHeader>
      <Fields
        items={[
          [t("webhooks.url"), d.url ?? "—"],
          [t("webhooks.attempts"), String(d.attempts)],
          [t("webhooks.nextAttempt"), <LocalTime key="n" iso={d.nextAttemptAt} locale={locale} />],
          [t("webhooks.delivered"), <LocalTime key="d" iso={d.deliveredAt} locale={locale} />],
          [t("common.created"), <LocalTime key="c" iso={d.createdAt} locale={locale} />],
        ]}
      />
      <form method="post" action={`/console/webhooks/${d.id}/resend`}>
        <ReturnField to={here} />
        <button type="submit" className={buttonPlain}>
          {t("webhooks.resend")}
        </button>
      </form>
      <Section title={t("webhooks.attemptLog")}>
        <DataTable
          caption={t("webhooks.attemptLog")}
          empty={t("webhooks.noAttempts")}
          testId="attempt"
          columns={[
            { id: "n", header: "#", primary: true },
            { id: "at", header: t("webhooks.when") },
            { id: "answer", header: t("webhooks.answer") },
            { id: "result", header: t("webhooks.result") },
            { id: "ms", header: t("webhooks.duration") },
          ]}
          rows={d.attemptLog.map((a) => ({
            id: `${a.attempt}-${a.attemptedAt}`,
            cells: {
              n: t("webhooks.attemptN", { n: a.attempt }),
              at: <LocalTime iso={a.attemptedAt} locale={locale} />,
              answer: a.statusCode !== undefined ? `HTTP ${a.statusCode}` : (a.error ?? "—"),
              result: (
                <Badge status={a.result === "RETRY" ? "PENDING" : a.result} label={t(`webhooks.results.${a.result}`)} />
              ),
              ms: `${a.durationMs} ms`,
            },
          }))}
        />
      </Section>
      <Section title={t("webhooks.payload")}>
        <JsonBlock value={d.payload} label={t("webhooks.payload")} />
      </Section>
    </>
  );
}
