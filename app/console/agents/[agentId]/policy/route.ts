import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { serviceCall } from "@/lib/integrator/console/console-client";
import { AGENT_PERMISSIONS } from "@/lib/agents/agent.contract";

const PERMISSIONS: readonly string[] = AGENT_PERMISSIONS;

/** Optional whole number from the form: empty → null (no limit); anything else is passed through for the service to judge. */
function limit(v: FormDataEntryValue | null): number | null {
  const s = String(v ?? "").trim();
  return s === "" ? null : Number(s);
}

/** The policy editor: PATCH /agents/{id}/policy with the permissions, execution mode and spending limits. */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  const permissions = form.getAll("permissions").map(String).filter((p) => PERMISSIONS.includes(p));
  const perTransaction = limit(form.get("perTransactionLimit"));
  const r = await serviceCall(s, "PATCH", `/agents/${encodeURIComponent(agentId)}/policy`, {
    permissions,
    defaultExecutionMode: form.get("defaultExecutionMode") === "AUTO" ? "AUTO" : "APPROVAL_REQUIRED",
    spendingLimits: {
      ...(perTransaction === null ? {} : { perTransactionLimit: perTransaction }),
      dailyLimit: limit(form.get("dailyLimit")),
      monthlyLimit: limit(form.get("monthlyLimit")),
    },
  });
  if (r.status === 200) return back(req, "/console", `${agentId} policy saved`);
  const fields = (r.body?.details?.errors ?? []).map((e: { field: string }) => e.field).join(", ");
  return back(req, "/console", `${agentId}: policy not saved: ${r.body?.code ?? r.status}${fields ? ` (${fields})` : ""}`);
});
