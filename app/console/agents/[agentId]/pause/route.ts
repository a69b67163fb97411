import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { serviceCall } from "@/lib/integrator/console/console-client";

/** Pause or resume an agent (PATCH /agents/{id} {isPaused}). */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  const isPaused = form.get("isPaused") === "true";
  const r = await serviceCall(s, "PATCH", `/agents/${encodeURIComponent(agentId)}`, { isPaused });
  return back(req, "/console", r.status === 200 ? `${agentId} ${isPaused ? "paused" : "resumed"}` : `${agentId}: ${r.body?.code ?? r.status}`);
});
