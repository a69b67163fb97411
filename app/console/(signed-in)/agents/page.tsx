import { consolePage } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { DeviceCode } from "../_ui/device-code";
import { AgentBadge } from "../_ui/agent-badge";
import { LocalTime } from "../_ui/local-time";
import { Status } from "../_ui/status";
import { Id } from "../_ui/id";
import { money } from "../_ui/money";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";
import { TextLink } from "../_ui/text-link";

const PATH = "/console/agents";

/** Agents, filtered by customer and state; an agent is created from its customer's page. */
export default async function AgentsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const state = param(sp, "state");
  const page = await client.listAgents({
    limit: PAGE_SIZE,
    cursor: cursorState(sp).cursor,
    ...(param(sp, "q") ? { customerId: param(sp, "q") } : {}),
    ...(state === "paused"
      ? { isPaused: "true" as const }
      : state === "connected"
        ? { isConnected: "true" as const }
        : state === "waiting"
          ? { isConnected: "false" as const }
          : {}),
  });
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <DeviceCode t={t} />
      <PageHeader title={t("agents.title")} description={t("agents.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("agents.search"), placeholder: "Customer:…" }}
        filters={[
          {
            name: "state",
            label: t("common.status"),
            options: [
              { value: "connected", label: t("agents.connected") },
              { value: "waiting", label: t("agents.notConnected") },
              { value: "paused", label: t("agents.paused") },
            ],
          },
        ]}
      />
      <DataTable
        caption={t("agents.title")}
        empty={t("agents.empty")}
        testId="agent-row"
        columns={[
          { id: "name", header: t("agents.name"), primary: true },
          { id: "customer", header: t("transactions.customer") },
          { id: "state", header: t("common.status") },
          { id: "mode", header: t("agents.mode") },
          { id: "limit", header: t("agents.perTransaction") },
          { id: "created", header: t("common.created") },
        ]}
        rows={page.data.map((a) => ({
          id: a.id,
          cells: {
            name: <TextLink href={`${PATH}/${a.id}`}>{a.name}</TextLink>,
            customer: <Id value={a.customerId} href={`/console/customers/${a.customerId}`} />,
            state: <AgentBadge agent={a} t={t} />,
            mode: t(`agents.modes.${a.policy.defaultExecutionMode}`),
            limit: money(
              {
                amount: a.policy.spendingLimits.perTransactionLimit ?? 0,
                currency: { code: a.policy.spendingLimits.currency, decimals: 2 },
              },
              locale,
            ),
            created: <LocalTime iso={a.createdAt} locale={locale} />,
          },
        }))}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
