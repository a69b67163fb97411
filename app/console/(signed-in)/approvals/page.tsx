import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, withParams, type SearchParams } from "@/lib/integrator/console/list-params";
import { ApprovalActions } from "../_ui/approval-actions";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { Status } from "../_ui/status";
import { Id } from "../_ui/id";
import { money } from "../_ui/money";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";

const PATH = "/console/approvals";

/**
 * Agent transactions that wait for the platform's decision, oldest first, with approve and reject on each. The
 * queue is Grid's agent approvals (GET /agents/approvals: agents' actions only, so its count is theirs); each
 * action's transaction (the same uuid) gives the amounts and the destination.
 */
export default async function ApprovalsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const customerId = param(sp, "customerId");
  const page = await client.listAgentApprovals({
    sortOrder: "asc",
    limit: PAGE_SIZE,
    cursor: cursorState(sp).cursor,
    ...(customerId ? { customerId } : {}),
  });
  const txs = await Promise.all(
    page.data.map((a) => settle(client.getTransaction(a.id.replace(/^AgentAction:/, "Transaction:")))),
  );
  const queue = txs.flatMap((r) =>
    r.ok && "pendingAgentActionId" in r.body && r.body.pendingAgentActionId ? [r.body] : [],
  );
  const here = withParams(PATH, sp, {});
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("approvals.title")} description={t("approvals.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        filters={[{ name: "customerId", label: t("transactions.customer"), placeholder: "Customer:…" }]}
      />
      <DataTable
        caption={t("approvals.title")}
        empty={t("approvals.empty")}
        testId="approval"
        columns={[
          { id: "tx", header: t("transactions.transaction"), primary: true },
          { id: "amount", header: t("transactions.amount") },
          { id: "agent", header: t("transactions.agent") },
          { id: "to", header: t("transactions.to") },
          { id: "created", header: t("common.created") },
          { id: "decide", header: t("approvals.decision") },
        ]}
        rows={queue.map((tx) => ({
          id: tx.id,
          cells: {
            tx: <Id value={tx.id} href={`/console/transactions/${tx.id}`} />,
            amount: `${money(tx.sentAmount, locale)} → ${money(tx.receivedAmount, locale)}`,
            agent: tx.agentId ? <Id value={tx.agentId} href={`/console/agents/${tx.agentId}`} /> : "—",
            to: "accountId" in tx.destination ? <Id value={String(tx.destination.accountId)} /> : "—",
            created: <LocalTime iso={tx.createdAt} locale={locale} />,
            decide: <ApprovalActions transactionId={tx.id} returnTo={here} t={t} />,
          },
        }))}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
