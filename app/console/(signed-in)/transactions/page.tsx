import { redirect } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { ErrorStatus, Status } from "../_ui/status";
import { transactionColumns, transactionRows } from "../_ui/transaction-rows";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";

const PATH = "/console/transactions";
const STATUSES = ["PENDING", "PROCESSING", "COMPLETED", "FAILED", "REJECTED", "REFUNDED", "EXPIRED"] as const;

/** Transactions, newest first, filtered by status, direction, customer or account; a transaction id opens it. */
export default async function TransactionsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const q = param(sp, "q");
  if (q?.startsWith("Transaction:") || q?.startsWith("CardTransaction:")) redirect(`${PATH}/${q}`);
  const status = param(sp, "status");
  const type = param(sp, "type");
  const r = await settle(
    client.listTransactions({
      limit: PAGE_SIZE,
      cursor: cursorState(sp).cursor,
      ...(status ? { status: status as (typeof STATUSES)[number] } : {}),
      ...(type ? { type: type as "INCOMING" | "OUTGOING" | "CARD" } : {}),
      ...(param(sp, "customerId") ? { customerId: param(sp, "customerId") } : {}),
      ...(q ? (q.startsWith("Customer:") ? { customerId: q } : { accountId: q }) : {}),
    }),
  );
  const page = r.ok ? r.body : { data: [], hasMore: false, totalCount: 0 };
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("transactions.title")} description={t("transactions.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("transactions.search"), placeholder: t("transactions.searchHint") }}
        filters={[
          { name: "status", label: t("common.status"), options: STATUSES.map((s) => ({ value: s, label: s })) },
          {
            name: "type",
            label: t("transactions.direction"),
            options: [
              { value: "INCOMING", label: t("transactions.incoming") },
              { value: "OUTGOING", label: t("transactions.outgoing") },
              { value: "CARD", label: t("transactions.card") },
            ],
          },
        ]}
      />
      {!r.ok ? (
        <ErrorStatus
          t={t}
          error={r.error}
          labels={{ customerId: t("transactions.search"), accountId: t("transactions.search") }}
        />
      ) : null}
      <DataTable
        caption={t("transactions.title")}
        empty={t("transactions.empty")}
        testId="transaction-row"
        columns={transactionColumns(t)}
        rows={transactionRows(page.data, t, locale)}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
