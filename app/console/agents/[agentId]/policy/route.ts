import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";
import { AGENT_PERMISSIONS, type AgentPermission } from "@/lib/sdk";

const isPermission = (p: string): p is AgentPermission => (AGENT_PERMISSIONS as string[]).includes(p);

/** Optional whole number from the form: empty → null (no limit); anything else is passed through for the service to judge. */
function limit(v: FormDataEntryValue | null): number | null {
  const s = String(v ?? "").trim();
  return s === "" ? null : Number(s);
}

/** The policy editor: PATCH /agents/{id}/policy with the permissions, execution mode and spending limits. */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  const perTransaction = limit(form.get("perTransactionLimit"));
  const r = await settle(
    (await consoleClient(s)).updateAgentPolicy(agentId, {
      permissions: form.getAll("permissions").map(String).filter(isPermission),
      defaultExecutionMode: form.get("defaultExecutionMode") === "AUTO" ? "AUTO" : "APPROVAL_REQUIRED",
      spendingLimits: {
        ...(perTransaction === null ? {} : { perTransactionLimit: perTransaction }),
        dailyLimit: limit(form.get("dailyLimit")),
        monthlyLimit: limit(form.get("monthlyLimit")),
      },
    }),
  );
  if (r.ok) return back(req, returnTo(form, "/console"), `${agentId} policy saved`);
  const errors = (r.error.details?.errors ?? []) as Array<{ field: string }>;
  const fields = errors.map((e) => e.field).join(", ");
  return back(
    req,
    returnTo(form, "/console"),
    `${agentId}: policy not saved: ${r.error.code}${fields ? ` (${fields})` : ""}`,
  );
});
