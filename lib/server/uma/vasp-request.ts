import { ApiError } from "@/lib/server/core/errors";
import { env } from "@/lib/shared/config/env";
import { getPinned } from "@/lib/server/webhooks/get-pinned";
import { DestinationRefused, type Environment, resolveDestination } from "@/lib/server/webhooks/webhook-destination";

/** The most of another VASP's answer read; UMA's JSON documents are a few kilobytes. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** UMA's own rule for the scheme (the library's isDomainLocalhost): http for localhost, *.local and *.internal. */
function schemeOf(domain: string): "http" | "https" {
  const tld = domain.split(".").pop();
  return domain === "localhost" || tld === "local" || tld === "internal" ? "http" : "https";
}

/** UMA_SANDBOX_HOSTS as a map (domain → origin), read once per value. */
let hosts: { raw: string; map: Map<string, string> } | undefined;
function sandboxHosts(): Map<string, string> {
  const raw = env().UMA_SANDBOX_HOSTS ?? "";
  if (hosts?.raw !== raw) {
    const map = new Map<string, string>();
    for (const pair of raw.split(",")) {
      const [domain, origin] = pair.split("=").map((s) => s?.trim());
      if (domain && origin) map.set(domain.toLowerCase(), origin.replace(/\/+$/, ""));
    }
    hosts = { raw, map };
  }
  return hosts.map;
}

/**
 * The URL of `path` at another VASP's UMA domain, as configuration says (never a request): production platforms
 * https to the domain itself; sandbox platforms the origin UMA_SANDBOX_HOSTS names for it, else UMA's own scheme rule.
 */
export function vaspUrl(environment: Environment, domain: string, path: string): string {
  const d = domain.toLowerCase();
  const origin = environment === "SANDBOX" ? (sandboxHosts().get(d) ?? `${schemeOf(d)}://${d}`) : `https://${d}`;
  return `${origin}${path}`;
}

export function lnurlpFailed(domain: string, why: string): ApiError {
  return new ApiError("LNURLP_REQUEST_FAILED", `The VASP at ${domain} did not answer as UMA requires: ${why}`, {
    vaspDomain: domain,
  });
}

/**
 * One request to another VASP: the URL passes the destination rule of the platform's environment (lib/server/webhooks:
 * public unicast; loopback for sandbox platforms), the connection goes to the checked address with a deadline, the
 * answer is read up to a cap; a request to the domain's own URL (`vaspUrl`, `atDomain`) names the UMA domain in `Host`
 * (the receiving VASP maps it to its platform), one to a URL the VASP gave (its callback) keeps that URL's host. Every
 * way it can fail (refused, unreachable, slow, too large, not JSON) is 424 LNURLP_REQUEST_FAILED, never a hang.
 */
export async function vaspRequest(
  environment: Environment,
  target: { domain: string; url: string; atDomain: boolean },
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const { domain, url } = target;
  let answer: { status: number; body: Buffer };
  try {
    const dest = await resolveDestination(url, environment);
    const headers: Record<string, string> = { accept: "application/json" };
    if (target.atDomain) headers.host = domain;
    if (body !== undefined) headers["content-type"] = "application/json";
    answer = await getPinned(dest, {
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: env().UMA_REQUEST_TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (e) {
    if (e instanceof DestinationRefused) throw lnurlpFailed(domain, `its address is refused (${e.message})`);
    const name = (e as Error).name;
    throw lnurlpFailed(
      domain,
      name === "TimeoutError"
        ? "no answer in time"
        : name === "ResponseTooLarge"
          ? "the answer is too large"
          : "unreachable",
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    throw lnurlpFailed(domain, `the answer (HTTP ${answer.status}) is not JSON`);
  }
  return { status: answer.status, json };
}
