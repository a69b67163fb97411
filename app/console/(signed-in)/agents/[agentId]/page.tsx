import { notFound } from "next/navigation";
import { consolePage, settle } from "@/lib/integrator/console/console-client";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import type { SearchParams } from "@/lib/integrator/console/list-params";
import { AGENT_PERMISSIONS } from "@/lib/sdk";
import { AgentBadge } from "../../_ui/agent-badge";
import { LocalTime } from "../../_ui/local-time";
import { ReturnField } from "../../_ui/return-field";
import { Status } from "../../_ui/status";
import { Fields } from "../../_ui/fields";
import { Id } from "../../_ui/id";
import { PageHeader } from "../../_ui/page-header";
import { Section } from "../../_ui/section";
import { buttonDanger, buttonPlain, buttonPrimary, inputClass } from "../../_ui/styles";
import { TextLink } from "../../_ui/text-link";

/** One agent: its state and usage, pause/resume, the policy editor and deletion (with confirmation). */
export default async function AgentPage({
  params,
  searchParams,
}: {
  params: Promise<{ agentId: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const agentId = decodeURIComponent((await params).agentId);
  const sp = await searchParams;
  const client = await consolePage();
  const { t, locale } = await consoleIntl();
  const r = await settle(client.getAgent(agentId));
  if (!r.ok) notFound();
  const a = r.body;
  const here = `/console/agents/${a.id}`;
  const limits = a.policy.spendingLimits;
  return (
    <>
      <Status msg={sp.msg} detail={sp.detail} detailsLabel={t("common.details")} />
      <nav aria-label={t("common.breadcrumb")} className="text-sm">
        <TextLink href="/console/agents">{t("agents.title")}</TextLink> / <span>{a.name}</span>
      </nav>
      <PageHeader title={a.name} description={a.id}>
        <AgentBadge agent={a} t={t} />
      </PageHeader>
      <Fields
        items={[
          [t("transactions.customer"), <Id key="c" value={a.customerId} href={`/console/customers/${a.customerId}`} />],
          [t("agents.mode"), t(`agents.modes.${a.policy.defaultExecutionMode}`)],
          [t("agents.permissions"), a.policy.permissions.join(", ")],
          [t("common.created"), <LocalTime key="d" iso={a.createdAt} locale={locale} />],
        ]}
      />
      <form method="post" action={`/console/agents/${a.id}/pause`}>
        <ReturnField to={here} />
        <input type="hidden" name="isPaused" value={a.isPaused ? "false" : "true"} />
        <button type="submit" className={buttonPlain}>
          {a.isPaused ? t("agents.resume") : t("agents.pause")}
        </button>
      </form>
      <Section title={t("agents.policy")}>
        <form
          method="post"
          action={`/console/agents/${a.id}/policy`}
          className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
          data-testid="policy-form"
        >
          <ReturnField to={here} />
          <fieldset>
            <legend className="font-medium">{t("agents.permissions")}</legend>
            <div className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {AGENT_PERMISSIONS.map((perm) => (
                <label key={perm} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="permissions"
                    value={perm}
                    defaultChecked={a.policy.permissions.includes(perm)}
                  />{" "}
                  {perm}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap gap-3">
            <label className="text-sm">
              <span className="block font-medium">{t("agents.mode")}</span>
              <select name="defaultExecutionMode" defaultValue={a.policy.defaultExecutionMode} className={inputClass}>
                <option value="APPROVAL_REQUIRED">{t("agents.modes.APPROVAL_REQUIRED")}</option>
                <option value="AUTO">{t("agents.modes.AUTO")}</option>
              </select>
            </label>
            <label className="text-sm">
              <span className="block font-medium">
                {t("agents.perTransactionMinor", { currency: limits.currency })}
              </span>
              <input
                name="perTransactionLimit"
                type="number"
                min={0}
                defaultValue={limits.perTransactionLimit}
                className={`${inputClass} w-32`}
              />
            </label>
            <label className="text-sm">
              <span className="block font-medium">{t("agents.daily")}</span>
              <input
                name="dailyLimit"
                type="number"
                min={0}
                defaultValue={limits.dailyLimit ?? ""}
                className={`${inputClass} w-32`}
              />
            </label>
            <label className="text-sm">
              <span className="block font-medium">{t("agents.monthly")}</span>
              <input
                name="monthlyLimit"
                type="number"
                min={0}
                defaultValue={limits.monthlyLimit ?? ""}
                className={`${inputClass} w-32`}
              />
            </label>
          </div>
          <button type="submit" className={buttonPrimary}>
            {t("agents.savePolicy")}
          </button>
        </form>
      </Section>
      <Section title={t("agents.delete")}>
        <form method="post" action={`/console/agents/${a.id}/delete`} className="flex flex-wrap items-center gap-3">
          <ReturnField to="/console/agents" />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirm" value="yes" required /> {t("agents.confirmDelete")}
          </label>
          <button type="submit" className={buttonDanger}>
            {t("agents.delete")}
          </button>
        </form>
      </Section>
    </>
  );
}
