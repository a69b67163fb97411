import { integratorOrigin } from "../backend/config";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The one cross-site guard of the integrator's routes and the console's form posts (a second guard beside
 * SameSite cookies). Browsers state the relation in Sec-Fetch-Site; without it, an Origin header must be the
 * site's own origin (`Origin: null`, sent under a no-referrer policy, is refused). A request carrying neither
 * header comes from no browser, so it cannot be a forged cross-site one.
 */
export function sameOrigin(req: Request): boolean {
  if (!MUTATING.has(req.method)) return true;
  const site = req.headers.get("sec-fetch-site");
  if (site) return site === "same-origin" || site === "none";
  const origin = req.headers.get("origin");
  return origin === null || origin === integratorOrigin();
}
