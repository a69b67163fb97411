import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, withParams, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { ReturnField } from "../_ui/return-field";
import { Status } from "../_ui/status";
import { CopyButton } from "../_ui/copy-button";
import { Badge } from "../_ui/badge";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";
import { Section } from "../_ui/section";
import { buttonPlain, buttonPrimary, inputClass } from "../_ui/styles";
import { TextLink } from "../_ui/text-link";

const PATH = "/console/webhooks";
const STATUSES = ["PENDING", "DELIVERED", "FAILED", "SKIPPED"] as const;

/**
 * Webhooks: the endpoint (set through PATCH /config, with the service's destination checks), a test send, the public
 * key receivers verify signatures with, how many deliveries are failing (given up, or waiting to retry after a
 * failed attempt), and the log, newest first: each delivery's event, state and last answer.
 */
export default async function WebhooksPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const status = param(sp, "status") as (typeof STATUSES)[number] | undefined;
  const eventType = param(sp, "q");
  const failingOnly = param(sp, "failing") === "true";
  const [page, config, failing] = await Promise.all([
    client.listWebhookDeliveries({
      limit: PAGE_SIZE,
      cursor: cursorState(sp).cursor,
      ...(status ? { status } : {}),
      ...(eventType ? { eventType } : {}),
      ...(failingOnly ? { failing: true } : {}),
    }),
    client.getConfig(),
    settle(client.listWebhookDeliveries({ failing: true, limit: 1 })),
  ]);
  const failingCount = failing.ok ? (failing.body.totalCount ?? failing.body.data.length) : undefined;
  const endpoint = config.webhookEndpoint ?? "";
  const typed = param(sp, "endpoint");
  const here = withParams(PATH, sp, {});
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("webhooks.title")} description={t("webhooks.description")} />
      <Section title={t("webhooks.endpoint")} id="webhook-endpoint">
        <div className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("webhooks.endpointHelp")}</p>
          {endpoint ? null : (
            <p className="text-sm font-medium" data-testid="no-endpoint">
              {t("webhooks.endpointNone")}
            </p>
          )}
          <form method="post" action="/console/webhooks/endpoint" className="flex flex-wrap items-end gap-2">
            <label className="block min-w-0 flex-1 text-sm">
              <span className="font-medium">{t("webhooks.endpointUrl")}</span>
              <input
                type="url"
                name="webhookEndpoint"
                required
                defaultValue={typed ?? endpoint}
                placeholder="https://example.com/webhooks"
                className={`${inputClass} mt-1 block w-full`}
              />
            </label>
            <button type="submit" className={buttonPrimary}>
              {t("webhooks.save")}
            </button>
          </form>
          {endpoint ? (
            <div className="flex flex-wrap gap-2">
              <form method="post" action="/console/webhooks/test">
                <button type="submit" className={buttonPlain}>
                  {t("webhooks.test")}
                </button>
              </form>
              <form method="post" action="/console/webhooks/endpoint">
                <input type="hidden" name="action" value="remove" />
                <button type="submit" className={buttonPlain}>
                  {t("webhooks.remove")}
                </button>
              </form>
            </div>
          ) : null}
        </div>
      </Section>
      {config.webhookPublicKey ? (
        <Section title={t("webhooks.signingKey")} id="webhook-signing-key">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("webhooks.signingKeyHelp", { header: "Service-Webhook-Signature" })}
          </p>
          <pre
            data-testid="webhook-public-key"
            className="whitespace-pre-wrap break-all rounded-lg bg-slate-900 p-3 text-xs text-slate-100 dark:bg-black"
          >
            {config.webhookPublicKey}
          </pre>
          <CopyButton
            text={config.webhookPublicKey}
            label={t("webhooks.copyKey")}
            copyText={t("common.copy")}
            copiedText={t("common.copied")}
          />
        </Section>
      ) : null}
      {failingCount !== undefined ? (
        <p className="text-sm" data-testid="failing-count">
          {t("webhooks.failing", { count: failingCount })}{" "}
          {failingCount > 0 && !failingOnly ? (
            <TextLink href={withParams(PATH, {}, { failing: "true" })}>{t("webhooks.showFailing")}</TextLink>
          ) : null}
        </p>
      ) : null}
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("webhooks.search"), placeholder: "OUTGOING_PAYMENT.COMPLETED" }}
        filters={[
          { name: "status", label: t("common.status"), options: STATUSES.map((s) => ({ value: s, label: s })) },
          {
            name: "failing",
            label: t("webhooks.failingFilter"),
            options: [{ value: "true", label: t("webhooks.failingOnly") }],
          },
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
