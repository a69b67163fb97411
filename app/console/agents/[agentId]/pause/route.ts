import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";

/** Pause or resume an agent (PATCH /agents/{id} {isPaused}). */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  const isPaused = form.get("isPaused") === "true";
  const r = await settle((await consoleClient(s)).updateAgent(agentId, { isPaused }));
  return back(
    req,
    returnTo(form, "/console"),
    r.ok ? `${agentId} ${isPaused ? "paused" : "resumed"}` : `${agentId}: ${r.error.code}`,
  );
});
