import type { ConsoleT } from "@/lib/integrator/console/i18n";
import { ReturnField } from "./return-field";
import { buttonPrimary, inputClass } from "./styles";

/** Create an agent for one customer (posts to /console/agents/create, back to this page for the device code). */
export function AgentCreateForm({ customerId, returnTo, t }: { customerId: string; returnTo: string; t: ConsoleT }) {
  return (
    <form
      method="post"
      action="/console/agents/create"
      className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
    >
      <ReturnField to={returnTo} />
      <input type="hidden" name="customerId" value={customerId} />
      <label className="text-sm">
        <span className="block font-medium">{t("agents.name")}</span>
        <input name="name" required className={inputClass} />
      </label>
      <label className="text-sm">
        <span className="block font-medium">{t("agents.mode")}</span>
        <select name="mode" className={inputClass}>
          <option value="APPROVAL_REQUIRED">{t("agents.modes.APPROVAL_REQUIRED")}</option>
          <option value="AUTO">{t("agents.modes.AUTO")}</option>
        </select>
      </label>
      <label className="text-sm">
        <span className="block font-medium">{t("agents.perTransaction")}</span>
        <input name="perTransactionLimit" type="number" min={0} defaultValue={10000} className={`${inputClass} w-32`} />
      </label>
      <button type="submit" className={buttonPrimary}>
        {t("agents.create")}
      </button>
    </form>
  );
}
