import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";

/** Delete an API token (DELETE /tokens/{id}): it stops authenticating at once. */
export const POST = consoleFormPost<{ tokenId: string }>(async (req, s, { tokenId }) => {
  const r = await settle((await consoleClient(s)).deleteToken(tokenId));
  return back(req, "/console/tokens", r.ok ? `${tokenId} deleted` : `${tokenId}: ${r.error.code}`);
});
