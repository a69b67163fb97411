import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { VERIFICATION_STATUSES, type VerificationStatus } from "../_ui/compliance";
import { customerName } from "../_ui/customer-name";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { ErrorStatus, Status } from "../_ui/status";
import { Badge } from "../_ui/badge";
import { Id } from "../_ui/id";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";
import { TextLink } from "../_ui/text-link";

const PATH = "/console/compliance";

/**
 * Verifications (GET /verifications), in the order they were submitted, a page at a time, filtered by status or customer; each row
 * names its customer (one GET /customers/{id} per distinct customer on the page) and links to its detail page,
 * which shows the verification's problems, the documents and the beneficial owners.
 */
export default async function CompliancePage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const { cursor } = cursorState(sp);
  const wanted = param(sp, "verificationStatus");
  const verificationStatus = VERIFICATION_STATUSES.find((s) => s === wanted) as VerificationStatus | undefined;
  const customerId = param(sp, "customerId");
  const result = await settle(client.listVerifications({ limit: PAGE_SIZE, cursor, verificationStatus, customerId }));
  const page = result.ok ? result.body : { data: [], hasMore: false, totalCount: 0 };
  const customers = new Map(
    await Promise.all(
      [...new Set(page.data.map((v) => v.customerId))].map(
        async (id) => [id, await settle(client.getCustomer(id))] as const,
      ),
    ),
  );
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("compliance.title")} description={t("compliance.description")} />
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        filters={[
          {
            name: "verificationStatus",
            label: t("compliance.status"),
            options: VERIFICATION_STATUSES.map((s) => ({ value: s, label: t(`compliance.statuses.${s}`) })),
          },
          { name: "customerId", label: t("compliance.customer"), placeholder: "Customer:…" },
        ]}
      />
      {result.ok ? null : <ErrorStatus t={t} error={result.error} labels={{ customerId: t("compliance.customer") }} />}
      <DataTable
        caption={t("compliance.title")}
        empty={t("compliance.empty")}
        testId="verification-row"
        columns={[
          { id: "customer", header: t("compliance.customer"), primary: true },
          { id: "type", header: t("compliance.type") },
          { id: "status", header: t("compliance.status") },
          { id: "errors", header: t("compliance.errors") },
          { id: "created", header: t("common.created") },
        ]}
        rows={page.data.map((v) => {
          const c = customers.get(v.customerId);
          return {
            id: v.id,
            cells: {
              customer: (
                <span className="flex flex-col">
                  <TextLink href={`/console/customers/${encodeURIComponent(v.customerId)}`}>
                    {c?.ok ? customerName(c.body) : v.customerId}
                  </TextLink>
                  <Id value={v.id} />
                </span>
              ),
              type: c?.ok ? (c.body.customerType === "BUSINESS" ? "KYB" : "KYC") : "—",
              status: <Badge status={v.verificationStatus} label={t(`compliance.statuses.${v.verificationStatus}`)} />,
              errors: (
                <span data-testid="verification-errors">{new Intl.NumberFormat(locale).format(v.errors.length)}</span>
              ),
              created: <LocalTime iso={v.createdAt} locale={locale} />,
            },
          };
        })}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
