import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";

const PERMISSIONS = ["VIEW", "TRANSACT", "MANAGE"] as const;
const isPermission = (p: string): p is (typeof PERMISSIONS)[number] => (PERMISSIONS as readonly string[]).includes(p);

/** Create an API token (POST /tokens); its secret is shown once on the tokens page (a cookie that lives a minute). */
export const POST = consoleFormPost(async (req, s) => {
  const form = await req.formData();
  const r = await settle(
    (await consoleClient(s)).createToken({
      name: String(form.get("name") ?? "").trim(),
      permissions: form.getAll("permissions").map(String).filter(isPermission),
    }),
  );
  if (!r.ok) return back(req, "/console/tokens", `Token not created: ${r.error.code} ${r.error.message}`);
  const res = back(req, "/console/tokens", `${r.body.name} created`);
  res.cookies.set("console_new_token", `${r.body.clientId} ${r.body.clientSecret ?? ""}`, {
    httpOnly: true,
    sameSite: "strict",
    path: "/console/tokens",
    maxAge: 60,
  });
  return res;
});
