import { notFound } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { ApprovalActions } from "../../_ui/approval-actions";
import { LocalTime } from "../../_ui/local-time";
import { Status } from "../../_ui/status";
import { declineReason, sendingVasp, txAmount } from "../../_ui/transaction-rows";
import { Badge } from "../../_ui/badge";
import { Fields } from "../../_ui/fields";
import { Id } from "../../_ui/id";
import { JsonBlock } from "../../_ui/json-block";
import { money } from "../../_ui/money";
import { PageHeader } from "../../_ui/page-header";
import { Section } from "../../_ui/section";
import { TextLink } from "../../_ui/text-link";

/** One transaction: status (and why it waits or failed), amounts, both ends, and the decision when it awaits one. */
export default async function TransactionPage({
  params,
  searchParams,
}: {
  params: Promise<{ transactionId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const transactionId = decodeURIComponent((await params).transactionId);
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const r = await settle(client.getTransaction(transactionId));
  if (!r.ok) notFound();
  // biome-ignore lint/suspicious/noExplicitAny: a transaction is one of Grid's several shapes (transfer, card, on-chain); the page shows the fields the one at hand has.
  const tx = r.body as Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: a source or destination is one of several shapes; only its account id or UMA address is read.
  const account = (end: Record<string, any> | undefined) =>
    end?.accountId ? (
      <Id
        value={end.accountId}
        href={String(end.accountId).startsWith("InternalAccount:") ? `/console/accounts/${end.accountId}` : undefined}
      />
    ) : (
      (end?.umaAddress ?? "—")
    );
  const here = `/console/transactions/${transactionId}`;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <nav aria-label={t("common.breadcrumb")} className="text-sm">
        <TextLink href="/console/transactions">{t("transactions.title")}</TextLink> /{" "}
        <span className="break-all">{tx.id}</span>
      </nav>
      <PageHeader title={txAmount(tx, locale)} description={tx.id}>
        <Badge status={tx.status} />
      </PageHeader>
      {tx.pendingAgentActionId ? <ApprovalActions transactionId={tx.id} returnTo={here} t={t} /> : null}
      <Fields
        items={[
          [t("common.status"), tx.status],
          ...(tx.type === "CARD"
            ? ([
                [t("transactions.merchant"), tx.merchant?.descriptor ?? "—"],
                [t("transactions.declineReason"), declineReason(tx, t) ?? "—"],
                [t("transactions.card"), tx.cardId ? <Id key="card" value={tx.cardId} /> : "—"],
              ] as [string, React.ReactNode][])
            : []),
          [t("transactions.pendingReason"), tx.pendingReason ?? "—"],
          [t("transactions.failureReason"), tx.failureReason ?? tx.rejectionReason ?? "—"],
          [
            t("transactions.customer"),
            tx.customerId ? <Id key="id" value={tx.customerId} href={`/console/customers/${tx.customerId}`} /> : "—",
          ],
          [
            t("transactions.agent"),
            tx.agentId ? <Id key="id" value={tx.agentId} href={`/console/agents/${tx.agentId}`} /> : "—",
          ],
          [t("transactions.from"), account(tx.source)],
          ...(sendingVasp(tx)
            ? ([[t("transactions.sendingVasp"), sendingVasp(tx)]] as [string, React.ReactNode][])
            : []),
          [t("transactions.to"), account(tx.destination)],
          [t("transactions.sent"), money(tx.sentAmount, locale)],
          [t("transactions.received"), money(tx.receivedAmount, locale)],
          [t("transactions.rate"), tx.exchangeRate ?? "—"],
          [
            t("transactions.fees"),
            tx.fees !== undefined && tx.sentAmount
              ? money({ amount: tx.fees, currency: tx.sentAmount.currency }, locale)
              : "—",
          ],
          [t("common.created"), <LocalTime key="c" iso={tx.createdAt} locale={locale} />],
          [t("transactions.settled"), <LocalTime key="s" iso={tx.settledAt} locale={locale} />],
        ]}
      />
      <Section title={t("common.raw")}>
        <JsonBlock value={tx} label={t("common.raw")} />
      </Section>
    </>
  );
}
