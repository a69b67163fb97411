import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { serviceCall } from "@/lib/integrator/console/console-client";

/** Delete an agent (DELETE /agents/{id}): its token stops working at once. The page asks for confirmation. */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  if (form.get("confirm") !== "yes") return back(req, "/console", `${agentId}: tick "confirm" to delete the agent`);
  const r = await serviceCall(s, "DELETE", `/agents/${encodeURIComponent(agentId)}`);
  return back(req, "/console", r.status === 204 ? `${agentId} deleted` : `${agentId}: ${r.body?.code ?? r.status} ${r.body?.message ?? ""}`);
});
