import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";

/** Delete an agent (DELETE /agents/{id}): its token stops working at once. The page asks for confirmation. */
export const POST = consoleFormPost<{ agentId: string }>(async (req, s, { agentId }) => {
  const form = await req.formData();
  if (form.get("confirm") !== "yes")
    return back(req, returnTo(form, "/console"), `${agentId}: tick "confirm" to delete the agent`);
  const r = await settle((await consoleClient(s)).deleteAgent(agentId));
  return back(
    req,
    returnTo(form, "/console"),
    r.ok ? `${agentId} deleted` : `${agentId}: ${r.error.code} ${r.error.message}`,
  );
});
