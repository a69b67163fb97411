import { errorResponse } from "@/lib/integrator/http/route";
import { requireUser } from "@/lib/integrator/backend/current-user";
import { finishOidc } from "@/lib/integrator/backend/oidc";
import { callService, IntegratorError } from "@/lib/integrator/backend/service";
import { integratorConfig } from "@/lib/integrator/backend/config";

/**
 * The OpenID provider redirects here. SIGN_IN: the ID token is presented to the service's OAUTH
 * verify with the browser's public key; the session key comes back sealed to that key and is
 * handed to the page in the URL fragment (never sent to a server, never logged). LINK: the token
 * goes to the security page in the fragment, which adds the credential with a stamped retry.
 */
export async function GET(req: Request): Promise<Response> {
  const origin = integratorConfig().origin;
  const url = new URL(req.url);
  const back = (path: string, key: string, value: unknown) =>
    new Response(null, {
      status: 303,
      headers: {
        location: `${origin}${path}#${key}=${Buffer.from(JSON.stringify(value)).toString("base64url")}`,
        "cache-control": "no-store",
      },
    });
  try {
    const user = await requireUser();
    const error = url.searchParams.get("error");
    if (error) throw new IntegratorError(400, "OIDC_SIGN_IN_CANCELLED", `The OpenID provider answered ${error}`);
    const done = await finishOidc(user.id, url.searchParams.get("state") ?? "", url.searchParams.get("code") ?? "");
    if (done.purpose === "LINK") return back("/wallet/security", "oidc-link", { oidcToken: done.idToken });
    if (!done.credentialId)
      throw new IntegratorError(400, "INVALID_INPUT", "This sign-in request names no OAUTH credential; start again");
    const r = await callService("POST", `/auth/credentials/${encodeURIComponent(done.credentialId)}/verify`, {
      body: { type: "OAUTH", oidcToken: done.idToken, clientPublicKey: done.clientPublicKey },
    });
    if (r.status === 200) return back("/wallet", "oidc-session", r.body);
    return back("/wallet", "oidc-error", r.body);
  } catch (e) {
    const res = errorResponse(e);
    return back("/wallet", "oidc-error", await res.json());
  }
}
