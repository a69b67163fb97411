import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { findCustomers } from "@/lib/integrator/console/find-customers";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { DataTable } from "../_ui/data-table";
import { customerName } from "../_ui/customer-name";
import { LocalTime } from "../_ui/local-time";
import { ErrorStatus, Status } from "../_ui/status";
import { Badge } from "../_ui/badge";
import { Id } from "../_ui/id";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";
import { TextLink } from "../_ui/text-link";

const PATH = "/console/customers";

/**
 * Customers, a page at a time. The search box takes what an operator knows: a customer id, an UMA address
 * ($name@domain) or the platform's own customer id (looked up by the service), else a name, email or phone
 * number (searched by the console's own backend, lib/integrator/console/find-customers.ts: Grid's list has no
 * such filter). The filters are the list's own.
 */
export default async function CustomersPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const q = param(sp, "q");
  const { cursor } = cursorState(sp);
  const filters = {
    customerType: param(sp, "customerType") as "INDIVIDUAL" | "BUSINESS" | undefined,
    region: param(sp, "region")?.toUpperCase(),
    currency: param(sp, "currency")?.toUpperCase(),
  };
  const byId = q?.startsWith("Customer:") ? await settle(client.getCustomer(q)) : null;
  const listed = byId
    ? { data: byId.ok ? [byId.body] : [], hasMore: false, totalCount: byId.ok ? 1 : 0 }
    : await settle(
        client.listCustomers({
          limit: PAGE_SIZE,
          cursor,
          ...filters,
          ...(q ? (q.startsWith("$") ? { umaAddress: q } : { platformCustomerId: q }) : {}),
        }),
      ).then((r) => (r.ok ? r.body : { data: [], hasMore: false, totalCount: 0, error: r.error }));
  // Nothing under that id: search names, emails and phone numbers.
  const found =
    q && !byId && !q.startsWith("$") && listed.data.length === 0 && !("error" in listed)
      ? await settle(findCustomers(client, q, filters))
      : null;
  const page =
    found === null
      ? listed
      : found.ok
        ? { data: found.body.data, hasMore: false, totalCount: found.body.data.length, scan: found.body }
        : { data: [], hasMore: false, totalCount: 0, error: found.error };
  const limited = "scan" in page && !page.scan.complete ? page.scan.scanned : undefined;
  const error = "error" in page ? page.error : undefined;

  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("customers.title")} description={t("customers.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("customers.search"), placeholder: t("customers.searchHint") }}
        filters={[
          {
            name: "customerType",
            label: t("customers.type"),
            options: [
              { value: "INDIVIDUAL", label: t("customers.individual") },
              { value: "BUSINESS", label: t("customers.business") },
            ],
          },
          { name: "region", label: t("customers.region"), placeholder: "US" },
        ]}
      />
      {error ? (
        <ErrorStatus
          t={t}
          error={error}
          labels={{
            region: t("customers.region"),
            customerType: t("customers.type"),
            currency: t("accounts.currency"),
          }}
        />
      ) : null}
      {limited !== undefined ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("customers.searchLimited", { count: limited })}</p>
      ) : null}
      <DataTable
        caption={t("customers.title")}
        empty={t("customers.empty")}
        testId="customer-row"
        columns={[
          { id: "name", header: t("customers.name"), primary: true },
          { id: "type", header: t("customers.type") },
          { id: "platformId", header: t("customers.platformCustomerId") },
          { id: "status", header: t("customers.verification") },
          { id: "created", header: t("common.created") },
        ]}
        rows={page.data.map((c) => ({
          id: c.id,
          cells: {
            name: (
              <span className="flex flex-col">
                <TextLink href={`${PATH}/${c.id}`}>{customerName(c)}</TextLink>
                {"email" in c && c.email ? <span className="break-all text-xs">{c.email}</span> : null}
                {"phoneNumber" in c && c.phoneNumber ? <span className="text-xs">{c.phoneNumber}</span> : null}
                <Id value={c.id} />
              </span>
            ),
            type: c.customerType === "BUSINESS" ? t("customers.business") : t("customers.individual"),
            platformId: c.platformCustomerId ? <Id value={c.platformCustomerId} /> : "—",
            status: <Badge status={verification(c)} />,
            created: <LocalTime iso={c.createdAt} locale={locale} />,
          },
        }))}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}

function verification(c: Record<string, unknown>): string {
  return String(("kybStatus" in c && c.kybStatus) || c.kycStatus || "—");
}
