import { consolePage } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, withParams, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { ReturnField } from "../_ui/return-field";
import { Status } from "../_ui/status";
import { Badge, PageHeader, Pager, SearchForm, TextLink, buttonPlain } from "../_ui/ui";

const PATH = "/console/webhooks";
const STATUSES = ["PENDING", "DELIVERED", "FAILED", "SKIPPED"] as const;

/** The webhook log, newest first: each delivery's event, state and last answer; a delivery opens its payload and attempts. */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const status = param(sp, "status") as (typeof STATUSES)[number] | undefined;
  const eventType = param(sp, "q");
  const page = await client.listWebhookDeliveries({
    limit: PAGE_SIZE,
    cursor: cursorState(sp).cursor,
    ...(status ? { status } : {}),
    ...(eventType ? { eventType } : {}),
  });
  const here = withParams(PATH, sp, {});
  return (
    <>
      <Status msg={sp.msg} />
      <PageHeader title={t("webhooks.title")} description={t("webhooks.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("webhooks.search"), placeholder: "OUTGOING_PAYMENT.COMPLETED" }}
        filters={[
          { name: "status", label: t("common.status"), options: STATUSES.map((s) => ({ value: s, label: s })) },
        ]}
      />
      <DataTable
        caption={t("webhooks.title")}
        empty={t("webhooks.empty")}
        testId="delivery"
        columns={[
          { id: "event", header: t("webhooks.event"), primary: true },
          { id: "status", header: t("common.status") },
          { id: "attempts", header: t("webhooks.attempts") },
          { id: "answer", header: t("webhooks.lastAnswer") },
          { id: "created", header: t("common.created") },
          { id: "resend", header: t("webhooks.actions") },
        ]}
        rows={page.data.map((d) => ({
          id: d.id,
          cells: {
            event: <TextLink href={`${PATH}/${d.id}`}>{d.eventType}</TextLink>,
            status: <Badge status={d.status} />,
            attempts: String(d.attempts),
            answer: d.lastStatusCode !== undefined ? `HTTP ${d.lastStatusCode}` : (d.lastError ?? "—"),
            created: <LocalTime iso={d.createdAt} locale={locale} />,
            resend: (
              <form method="post" action={`/console/webhooks/${d.id}/resend`}>
                <ReturnField to={here} />
                <button
                  type="submit"
                  className={buttonPlain}
                  aria-label={t("webhooks.resendOne", { event: d.eventType })}
                >
                  {t("webhooks.resend")}
                </button>
              </form>
            ),
          },
        }))}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
