import Link from "next/link";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { getStarted } from "@/lib/integrator/console/get-started";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "./_ui/data-table";
import { DeviceCode } from "./_ui/device-code";
import { GetStartedList, SampleData } from "./_ui/get-started";
import { Status } from "./_ui/status";
import { transactionColumns, transactionRows } from "./_ui/transaction-rows";
import { PageHeader } from "./_ui/page-header";
import { Section } from "./_ui/section";

/**
 * The console's overview: the first steps while the platform has not done them all (and the operator has not hidden
 * them), the sandbox's sample data action, counts per concern (each a link to its page) and the latest transactions.
 */
export default async function ConsoleOverview({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale, format } = await consoleIntl();
  const count = (p: Promise<{ totalCount?: number; data: unknown[] }>) =>
    settle(p).then((r) => (r.ok ? (r.body.totalCount ?? r.body.data.length) : undefined));
  const [start, customers, pending, agents, failed, latest] = await Promise.all([
    getStarted(client),
    count(client.listCustomers({ limit: 1 })),
    // What waits for the operator: agents' actions only (the approvals page's queue).
    count(client.listAgentApprovals({ limit: 1 })),
    count(client.listAgents({ limit: 1 })),
    // Failing: given up or retrying after a failed attempt (a FAILED-only count said 0 while deliveries retried).
    count(client.listWebhookDeliveries({ failing: true, limit: 1 })),
    client.listTransactions({ limit: 5 }),
  ]);
  const tiles: [string, number | undefined, string][] = [
    [t("overview.customers"), customers, "/console/customers"],
    [t("overview.pending"), pending, "/console/approvals"],
    [t("overview.agents"), agents, "/console/agents"],
    [t("overview.failedWebhooks"), failed, "/console/webhooks?failing=true"],
  ];
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <DeviceCode t={t} />
      <PageHeader title={t("overview.title")} description={t("overview.description")} />
      {start.steps ? <GetStartedList t={t} steps={start.steps} /> : null}
      {start.sandbox ? <SampleData t={t} /> : null}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {tiles.map(([label, n, href]) => (
          <li key={href}>
            <Link
              href={href}
              className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-blue-400 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-blue-500"
            >
              <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
              <span className="mt-1 block text-2xl font-semibold">{n === undefined ? "—" : format.number(n)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Section title={t("transactions.latest")}>
        <DataTable
          caption={t("transactions.latest")}
          empty={t("transactions.empty")}
          columns={transactionColumns(t)}
          rows={transactionRows(latest.data, t, locale)}
        />
      </Section>
    </>
  );
}
