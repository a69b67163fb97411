import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { stashNewToken } from "@/lib/integrator/console/console-session";

const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
const isPermission = (p: string): p is (typeof PERMISSIONS)[number] => (PERMISSIONS as readonly string[]).includes(p);

/** Create an API token (POST /tokens); its secret waits with the session (sealed, a minute) for the tokens page to show it once. */
export const POST = consoleFormPost(async (req, s) => {
  const form = await req.formData();
  const r = await settle(
    (await consoleClient(s)).createToken({
      name: String(form.get("name") ?? "").trim(),
      permissions: form.getAll("permissions").map(String).filter(isPermission),
    }),
  );
  if (!r.ok) return back(req, "/console/tokens", `Token not created: ${r.error.code} ${r.error.message}`);
  if (s.token && r.body.clientSecret)
    await stashNewToken(s.token, { clientId: r.body.clientId, clientSecret: r.body.clientSecret });
  return back(req, "/console/tokens", `${r.body.name} created`);
});
