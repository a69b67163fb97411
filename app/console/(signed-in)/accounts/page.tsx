import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { ErrorStatus, Status } from "../_ui/status";
import { Badge } from "../_ui/badge";
import { Id } from "../_ui/id";
import { money } from "../_ui/money";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";

const PATH = "/console/accounts";
const INTERNAL_TYPES = ["INTERNAL_FIAT", "INTERNAL_CRYPTO", "EMBEDDED_WALLET"] as const;

/**
 * Accounts: the customers' internal accounts (balances), or with kind=external the bank accounts and wallets
 * they pay to. Filtered by customer, currency and type.
 */
export default async function AccountsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const external = param(sp, "kind") === "external";
  const customerId = param(sp, "q");
  const currency = param(sp, "currency")?.toUpperCase();
  const cursor = cursorState(sp).cursor;
  const type = param(sp, "type") as (typeof INTERNAL_TYPES)[number] | undefined;
  const r = external
    ? await settle(
        client.listCustomerExternalAccounts({
          limit: PAGE_SIZE,
          cursor,
          ...(customerId ? { customerId } : {}),
          ...(currency ? { currency } : {}),
        }),
      )
    : await settle(
        client.listCustomerInternalAccounts({
          limit: PAGE_SIZE,
          cursor,
          ...(customerId ? { customerId } : {}),
          ...(currency ? { currency } : {}),
          ...(type && !external ? { type } : {}),
        }),
      );
  const page = r.ok ? r.body : { data: [], hasMore: false, totalCount: 0 };
  const rows = page.data.map((a) => ({
    id: a.id,
    cells: {
      id: <Id value={a.id} href={external ? undefined : `/console/accounts/${a.id}`} />,
      customer: a.customerId ? <Id value={a.customerId} href={`/console/customers/${a.customerId}`} /> : "—",
      type: "accountInfo" in a ? a.accountInfo.accountType : a.type,
      balance: "balance" in a ? money(a.balance, locale) : a.currency,
      status: <Badge status={a.status} />,
      created: <LocalTime iso={a.createdAt} locale={locale} />,
    },
  }));
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("accounts.title")} description={t("accounts.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("accounts.search"), placeholder: "Customer:…" }}
        filters={[
          {
            name: "kind",
            label: t("accounts.kind"),
            options: [
              { value: "internal", label: t("accounts.internal") },
              { value: "external", label: t("accounts.external") },
            ],
          },
          { name: "type", label: t("accounts.type"), options: INTERNAL_TYPES.map((v) => ({ value: v, label: v })) },
          { name: "currency", label: t("accounts.currency"), placeholder: "USD" },
        ]}
      />
      {!r.ok ? (
        <ErrorStatus
          t={t}
          error={r.error}
          labels={{
            customerId: t("accounts.search"),
            currency: t("accounts.currency"),
            type: t("accounts.type"),
          }}
        />
      ) : null}
      <DataTable
        caption={t("accounts.title")}
        empty={t("accounts.empty")}
        testId="account-row"
        columns={[
          { id: "id", header: t("accounts.account"), primary: true },
          { id: "customer", header: t("transactions.customer") },
          { id: "type", header: t("accounts.type") },
          { id: "balance", header: external ? t("accounts.currency") : t("accounts.balance") },
          { id: "status", header: t("common.status") },
          { id: "created", header: t("common.created") },
        ]}
        rows={rows}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
