import { consoleNewToken, consolePage } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { PAGE_SIZE, cursorState, param, type SearchParams } from "@/lib/integrator/console/list-params";
import { CopyButton } from "../_ui/copy-button";
import { DataTable } from "../_ui/data-table";
import { LocalTime } from "../_ui/local-time";
import { ReturnField } from "../_ui/return-field";
import { Status } from "../_ui/status";
import { Id } from "../_ui/id";
import { PageHeader } from "../_ui/page-header";
import { Pager } from "../_ui/pager";
import { SearchForm } from "../_ui/search-form";
import { Section } from "../_ui/section";
import { buttonDanger, buttonPrimary, inputClass } from "../_ui/styles";

const PATH = "/console/tokens";
const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;

/** API tokens: further platform credentials (HTTP Basic), created with chosen permissions, the secret shown once. */
export default async function TokensPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const name = param(sp, "q");
  const page = await client.listTokens({ limit: PAGE_SIZE, cursor: cursorState(sp).cursor, ...(name ? { name } : {}) });
  const created = await consoleNewToken();
  const newId = created?.clientId ?? "";
  const newSecret = created?.clientSecret;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <PageHeader title={t("tokens.title")} description={t("tokens.description")} />
      {newSecret ? (
        <div className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-50">
          <p className="font-medium">{t("tokens.shownOnce")}</p>
          <p className="mt-2">
            {t("tokens.clientId")}:{" "}
            <code data-testid="token-client-id" className="break-all font-mono">
              {newId}
            </code>
            <CopyButton
              text={newId}
              label={t("tokens.copyId")}
              copyText={t("common.copy")}
              copiedText={t("common.copied")}
            />
          </p>
          <p className="mt-1">
            {t("tokens.secret")}:{" "}
            <code data-testid="token-secret" className="break-all font-mono">
              {newSecret}
            </code>
            <CopyButton
              text={newSecret}
              label={t("tokens.copySecret")}
              copyText={t("common.copy")}
              copiedText={t("common.copied")}
            />
          </p>
        </div>
      ) : null}
      <Section title={t("tokens.create")}>
        <form
          method="post"
          action="/console/tokens/create"
          className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
        >
          <label className="text-sm">
            <span className="block font-medium">{t("tokens.name")}</span>
            <input name="name" required maxLength={200} className={inputClass} />
          </label>
          <fieldset className="text-sm">
            <legend className="font-medium">{t("tokens.permissions")}</legend>
            <div className="mt-1 flex gap-3">
              {PERMISSIONS.map((p) => (
                <label key={p} className="flex items-center gap-1">
                  <input type="checkbox" name="permissions" value={p} defaultChecked={p === "VIEW"} /> {p}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className={buttonPrimary}>
            {t("tokens.createButton")}
          </button>
        </form>
      </Section>
      <SearchForm
        action={PATH}
        sp={sp}
        t={t}
        search={{ label: t("tokens.search"), placeholder: t("tokens.name") }}
        filters={[]}
      />
      <DataTable
        caption={t("tokens.title")}
        empty={t("tokens.empty")}
        testId="token-row"
        columns={[
          { id: "name", header: t("tokens.name"), primary: true },
          { id: "clientId", header: t("tokens.clientId") },
          { id: "permissions", header: t("tokens.permissions") },
          { id: "created", header: t("common.created") },
          { id: "delete", header: t("webhooks.actions") },
        ]}
        rows={page.data.map((tk) => ({
          id: tk.id,
          cells: {
            name: tk.name,
            clientId: <Id value={tk.clientId} />,
            permissions: tk.permissions.join(", "),
            created: <LocalTime iso={tk.createdAt} locale={locale} />,
            delete: (
              <form method="post" action={`/console/tokens/${tk.id}/delete`}>
                <ReturnField to={PATH} />
                <button type="submit" className={buttonDanger} aria-label={t("tokens.deleteOne", { name: tk.name })}>
                  {t("tokens.delete")}
                </button>
              </form>
            ),
          },
        }))}
      />
      <Pager path={PATH} sp={sp} page={page} t={t} />
    </>
  );
}
