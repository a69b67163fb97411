import type { ServiceClient } from "@/lib/sdk";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { DataTable } from "./data-table";
import { LocalTime } from "./local-time";
import { Badge } from "./badge";
import { Fields } from "./fields";
import { Id } from "./id";
import { Section } from "./section";
import { TextLink } from "./text-link";

export const VERIFICATION_STATUSES = [
  "RESOLVE_ERRORS",
  "PENDING_MANUAL_REVIEW",
  "IN_PROGRESS",
  "APPROVED",
  "REJECTED",
  "READY_FOR_VERIFICATION",
] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/**
 * A customer's compliance, read-only: KYC (or KYB) status, the latest verification with its RESOLVE_ERRORS
 * entries, the documents it holds and, for a BUSINESS, its beneficial owners (all through the SDK).
 */
export async function ComplianceSection({
  client,
  customer,
  t,
  locale,
}: {
  client: ServiceClient;
  customer: { id: string; customerType: string; kycStatus?: string | null; kybStatus?: string | null };
  t: ConsoleT;
  locale: string;
}) {
  const business = customer.customerType === "BUSINESS";
  const [latest, documents, owners] = await Promise.all([
    latestVerification(client, customer.id),
    client.listDocuments({ documentHolder: customer.id, limit: 100 }),
    business ? client.listBeneficialOwners({ customerId: customer.id, limit: 100 }) : Promise.resolve(null),
  ]);
  const status = (business ? customer.kybStatus : customer.kycStatus) ?? "—";
  return (
    <Section title={t("compliance.section")} id="compliance">
      <Fields
        items={[
          [
            business ? t("compliance.kyb") : t("compliance.kyc"),
            <span key="s" data-testid="customer-verification-status">
              <Badge status={status} />
            </span>,
          ],
          [
            t("compliance.latest"),
            latest ? (
              <span key="l" className="flex flex-col gap-1">
                <span data-testid="latest-verification-status">
                  <Badge
                    status={latest.verificationStatus}
                    label={t(`compliance.statuses.${latest.verificationStatus}`)}
                  />
                </span>
                <Id value={latest.id} />
                <LocalTime iso={latest.createdAt} locale={locale} />
              </span>
            ) : (
              t("compliance.noVerification")
            ),
          ],
        ]}
      />
      {latest ? (
        <>
          <h3 className="font-medium">{t("compliance.errors")}</h3>
          <DataTable
            caption={t("compliance.errors")}
            empty={t("compliance.noErrors")}
            testId="verification-error"
            columns={[
              { id: "type", header: t("compliance.errorType"), primary: true },
              { id: "field", header: t("compliance.field") },
              { id: "reason", header: t("compliance.reason") },
              { id: "resource", header: t("compliance.resource") },
            ]}
            rows={latest.errors.map((e, i) => ({
              id: `${i}`,
              cells: {
                type: <span className="font-mono text-xs">{e.type}</span>,
                field: e.field ? <span className="font-mono text-xs">{e.field}</span> : "—",
                reason: e.reason,
                resource: <Id value={e.resourceId} />,
              },
            }))}
          />
          <TextLink href={`/console/compliance?customerId=${encodeURIComponent(customer.id)}`}>
            {t("compliance.allOfCustomer")}
          </TextLink>
        </>
      ) : null}
      <h3 className="font-medium">{t("compliance.documents")}</h3>
      <DataTable
        caption={t("compliance.documents")}
        empty={t("compliance.noDocuments")}
        testId="document-row"
        columns={[
          { id: "type", header: t("compliance.documentType"), primary: true },
          { id: "file", header: t("compliance.fileName") },
          { id: "country", header: t("compliance.country") },
          { id: "created", header: t("common.created") },
        ]}
        rows={documents.data.map((d) => ({
          id: d.id,
          cells: {
            type: (
              <span className="flex flex-col">
                <span>
                  {d.documentType}
                  {d.side ? ` (${d.side})` : ""}
                </span>
                <Id value={d.id} />
              </span>
            ),
            file: <span className="break-all">{d.fileName}</span>,
            country: d.country,
            created: <LocalTime iso={d.createdAt} locale={locale} />,
          },
        }))}
      />
      {owners ? (
        <>
          <h3 className="font-medium">{t("compliance.owners")}</h3>
          <DataTable
            caption={t("compliance.owners")}
            empty={t("compliance.noOwners")}
            testId="owner-row"
            columns={[
              { id: "name", header: t("compliance.ownerName"), primary: true },
              { id: "ownership", header: t("compliance.ownership") },
              { id: "status", header: t("compliance.kyc") },
            ]}
            rows={owners.data.map((o) => ({
              id: o.id,
              cells: {
                name: (
                  <span className="flex flex-col">
                    <span>{[o.personalInfo.firstName, o.personalInfo.lastName].filter(Boolean).join(" ")}</span>
                    <Id value={o.id} />
                  </span>
                ),
                ownership: new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(
                  o.ownershipPercentage / 100,
                ),
                status: <Badge status={o.kycStatus} />,
              },
            }))}
          />
        </>
      ) : null}
    </Section>
  );
}

/** The customer's newest verification: the list runs oldest first (id order), so the last row of its last page. */
async function latestVerification(client: ServiceClient, customerId: string) {
  let cursor: string | undefined;
  for (;;) {
    const page = await client.listVerifications({ customerId, limit: 100, cursor });
    if (!page.hasMore || !page.nextCursor) return page.data.at(-1);
    cursor = page.nextCursor;
  }
}
