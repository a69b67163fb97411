import { notFound } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { AgentCreateForm } from "../../_ui/agent-create-form";
import { ComplianceSection } from "../../_ui/compliance";
import { customerName } from "../../_ui/customer-name";
import { DataTable } from "../../_ui/data-table";
import { DeviceCode } from "../../_ui/device-code";
import { AgentBadge } from "../../_ui/agent-badge";
import { KycLinkSection } from "../../_ui/kyc-link";
import { LocalTime } from "../../_ui/local-time";
import { Status } from "../../_ui/status";
import { transactionRows, transactionColumns } from "../../_ui/transaction-rows";
import { Badge } from "../../_ui/badge";
import { Fields } from "../../_ui/fields";
import { Id } from "../../_ui/id";
import { money } from "../../_ui/money";
import { PageHeader } from "../../_ui/page-header";
import { Section } from "../../_ui/section";
import { TextLink } from "../../_ui/text-link";

/** One customer: its details, compliance (KYC/KYB, latest verification, documents, owners), accounts, latest transactions and agents, and a form to create an agent for it. */
export default async function CustomerPage({
  params,
  searchParams,
}: {
  params: Promise<{ customerId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const customerId = decodeURIComponent((await params).customerId);
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const found = await settle(client.getCustomer(customerId));
  if (!found.ok) notFound();
  const c = found.body;
  const [accounts, txs, agents] = await Promise.all([
    client.listCustomerInternalAccounts({ customerId, limit: 100 }),
    client.listTransactions({ customerId, limit: 10 }),
    client.listAgents({ customerId, limit: 100 }),
  ]);
  const here = `/console/customers/${customerId}`;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <DeviceCode t={t} />
      <nav aria-label={t("common.breadcrumb")} className="text-sm">
        <TextLink href="/console/customers">{t("customers.title")}</TextLink> / <span>{customerName(c)}</span>
      </nav>
      <PageHeader title={customerName(c)} description={c.id} />
      <Fields
        items={[
          [t("customers.type"), c.customerType === "BUSINESS" ? t("customers.business") : t("customers.individual")],
          [t("customers.verification"), <Badge key="v" status={String(c.kybStatus ?? c.kycStatus)} />],
          [
            t("customers.platformCustomerId"),
            c.platformCustomerId ? <Id key="id" value={c.platformCustomerId} /> : "—",
          ],
          [t("customers.umaAddress"), c.umaAddress ?? "—"],
          [t("customers.email"), c.email ?? "—"],
          [t("customers.phone"), c.phoneNumber ?? "—"],
          [t("customers.region"), c.region ?? c.address?.country ?? "—"],
          [t("common.created"), <LocalTime key="c" iso={c.createdAt} locale={locale} />],
          [t("common.updated"), <LocalTime key="u" iso={c.updatedAt} locale={locale} />],
        ]}
      />
      <ComplianceSection client={client} customer={c} t={t} locale={locale} />
      {c.customerType === "BUSINESS" ? null : <KycLinkSection customerId={c.id} t={t} />}
      <Section title={t("accounts.title")}>
        <DataTable
          caption={t("accounts.title")}
          empty={t("accounts.empty")}
          columns={[
            { id: "id", header: t("accounts.account"), primary: true },
            { id: "type", header: t("accounts.type") },
            { id: "balance", header: t("accounts.balance") },
            { id: "status", header: t("common.status") },
          ]}
          rows={accounts.data.map((a) => ({
            id: a.id,
            cells: {
              id: <Id value={a.id} href={`/console/accounts/${a.id}`} />,
              type: a.type,
              balance: money(a.balance, locale),
              status: <Badge status={a.status} />,
            },
          }))}
        />
      </Section>
      <Section title={t("transactions.latest")}>
        <DataTable
          caption={t("transactions.latest")}
          empty={t("transactions.empty")}
          columns={transactionColumns(t)}
          rows={transactionRows(txs.data, t, locale)}
        />
        <TextLink href={`/console/transactions?customerId=${encodeURIComponent(customerId)}`}>
          {t("transactions.allOfCustomer")}
        </TextLink>
      </Section>
      <Section title={t("agents.title")}>
        <DataTable
          caption={t("agents.title")}
          empty={t("agents.empty")}
          columns={[
            { id: "name", header: t("agents.name"), primary: true },
            { id: "state", header: t("common.status") },
            { id: "mode", header: t("agents.mode") },
          ]}
          rows={agents.data.map((a) => ({
            id: a.id,
            cells: {
              name: <TextLink href={`/console/agents/${a.id}`}>{a.name}</TextLink>,
              state: <AgentBadge agent={a} t={t} />,
              mode: t(`agents.modes.${a.policy.defaultExecutionMode}`),
            },
          }))}
        />
        <h3 className="font-medium">{t("agents.createFor", { name: customerName(c) })}</h3>
        <AgentCreateForm customerId={customerId} returnTo={here} t={t} />
      </Section>
    </>
  );
}
