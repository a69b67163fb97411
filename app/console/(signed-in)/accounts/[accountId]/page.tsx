import { notFound } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../../_ui/data-table";
import { LocalTime } from "../../_ui/local-time";
import { Status } from "../../_ui/status";
import { transactionColumns, transactionRows } from "../../_ui/transaction-rows";
import { Badge } from "../../_ui/badge";
import { Fields } from "../../_ui/fields";
import { Id } from "../../_ui/id";
import { money } from "../../_ui/money";
import { PageHeader } from "../../_ui/page-header";
import { Pager } from "../../_ui/pager";
import { Section } from "../../_ui/section";
import { TextLink } from "../../_ui/text-link";

/** One internal account: balance, owner, funding instructions and its transactions, a page at a time. */
export default async function AccountPage({
  params,
  searchParams,
}: {
  params: Promise<{ accountId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const accountId = decodeURIComponent((await params).accountId);
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const r = await settle(client.getInternalAccount(accountId));
  if (!r.ok) notFound();
  const a = r.body;
  const txs = await client.listTransactions({ accountId, limit: PAGE_SIZE, cursor: cursorState(sp).cursor });
  const path = `/console/accounts/${accountId}`;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <nav aria-label={t("common.breadcrumb")} className="text-sm">
        <TextLink href="/console/accounts">{t("accounts.title")}</TextLink> / <span className="break-all">{a.id}</span>
      </nav>
      <PageHeader title={money(a.balance, locale)} description={a.id}>
        <Badge status={a.status} />
      </PageHeader>
      <Fields
        items={[
          [t("accounts.type"), a.type],
          [
            t("transactions.customer"),
            a.customerId ? <Id key="id" value={a.customerId} href={`/console/customers/${a.customerId}`} /> : "—",
          ],
          [t("accounts.balance"), money(a.balance, locale)],
          [t("accounts.totalBalance"), money(a.totalBalance, locale)],
          [t("common.created"), <LocalTime key="c" iso={a.createdAt} locale={locale} />],
          [t("common.updated"), <LocalTime key="u" iso={a.updatedAt} locale={locale} />],
        ]}
      />
      <Section title={t("transactions.title")}>
        <DataTable
          caption={t("transactions.title")}
          empty={t("transactions.empty")}
          columns={transactionColumns(t)}
          rows={transactionRows(txs.data, t, locale)}
        />
        <Pager path={path} sp={sp} page={txs} t={t} />
      </Section>
    </>
  );
}
