import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/shared/config/env";

/** Why a delivery was not attempted: the platform has no webhook endpoint (`webhookEndpoint`, PATCH /config). */
export const NO_ENDPOINT = "No webhook endpoint is set (webhookEndpoint in PATCH /config)";

/**
 * Where the service may send webhooks (protocol.md "Webhook endpoints: where the service may send").
 * Every address a host name resolves to must be public unicast; a sandbox platform may also use
 * `http://` and loopback; WEBHOOK_ALLOWED_HOSTS names private receivers a deployment trusts.
 * The delivery connects to the very address checked here (no second resolution), so a DNS answer
 * that changes between the check and the connection cannot move it.
 */
export type Environment = "SANDBOX" | "PRODUCTION";

export class DestinationRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DestinationRefused";
  }
}

export interface Destination {
  url: URL;
  /** The host as written, without IPv6 brackets. */
  host: string;
  /** The checked address to connect to. */
  address: string;
  family: 4 | 6;
  /** Every address is public unicast (not reached through the sandbox loopback rule or the allow-list). */
  isPublic: boolean;
}

/**
 * Which outbound destinations a rule set allows beyond public unicast. Webhooks: WEBHOOK_ALLOWED_HOSTS. OpenID issuers
 * and their key sets (lib/server/credentials/oauth): OIDC_ALLOWED_HOSTS, whose hosts (a deployment's own identity provider on
 * its private network) may also be reached over http.
 */
export interface DestinationRules {
  allowedHosts: () => string | undefined;
  httpOnAllowList: boolean;
  /** Named in refusals: what may not reach the address. */
  what: string;
}

const WEBHOOK_RULES: DestinationRules = {
  allowedHosts: () => env().WEBHOOK_ALLOWED_HOSTS,
  httpOnAllowList: false,
  what: "webhooks",
};

export const OIDC_RULES: DestinationRules = {
  allowedHosts: () => env().OIDC_ALLOWED_HOSTS,
  httpOnAllowList: true,
  what: "OpenID issuers",
};

/** Refusals that need no DNS: scheme, credentials, missing host. */
function checkUrlShape(raw: string, environment: Environment, rules: DestinationRules): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused("Must be an absolute URL");
  }
  const allowed = rules.httpOnAllowList && url.hostname !== "" && onAllowList(bareHost(url), rules);
  const schemes = environment === "SANDBOX" || allowed ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    throw new DestinationRefused(`The scheme must be ${environment === "SANDBOX" ? "https or http" : "https"}`);
  }
  if (url.username || url.password) throw new DestinationRefused("Credentials in the URL are not allowed");
  if (!url.hostname) throw new DestinationRefused("The URL has no host");
  return url;
}

/**
 * A host as every destination rule sees it (the URL's host, an allow-list entry): without IPv6 brackets, in lower
 * case, and without the trailing dot of a fully qualified name. `localhost.` is `localhost`, yet the system resolver
 * may not know the dotted spelling, and a name that does not resolve is accepted at PATCH /config: without the dot
 * dropped, a production platform could name a loopback receiver or issuer there.
 */
function normalizeHost(host: string): string {
  return host
    .replace(/^\[(.*)\]$/, "$1")
    .toLowerCase()
    .replace(/\.+$/, "");
}

function bareHost(url: URL): string {
  return normalizeHost(url.hostname);
}

/**
 * The host's addresses. `localhost` and every name under it are loopback (RFC 6761): one the resolver does not know
 * is loopback still, not a name that "does not resolve yet".
 */
async function resolve(host: string): Promise<string[]> {
  try {
    return await resolver().resolve(host);
  } catch (e) {
    if (host === "localhost" || host.endsWith(".localhost")) return ["127.0.0.1"];
    throw e;
  }
}

interface AllowList {
  hosts: Set<string>;
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

const allowCache = new Map<string, AllowList>();

function allowList(rules: DestinationRules): AllowList {
  const raw = rules.allowedHosts() ?? "";
  const hit = allowCache.get(raw);
  if (hit) return hit;
  const list: AllowList = { hosts: new Set(), ranges: [] };
  for (const entry of raw
    .split(",")
    .map((s) => normalizeHost(s.trim()))
    .filter(Boolean)) {
    if (ipaddr.isValidCIDR(entry)) list.ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const a = ipaddr.process(entry);
      list.ranges.push([a, a.kind() === "ipv4" ? 32 : 128]);
    } else list.hosts.add(entry);
  }
  if (allowCache.size > 16) allowCache.clear();
  allowCache.set(raw, list);
  return list;
}

/** A host named on the allow-list, or an IP literal inside one of its ranges. */
function onAllowList(host: string, rules: DestinationRules): boolean {
  const list = allowList(rules);
  if (list.hosts.has(host)) return true;
  if (!ipaddr.isValid(host)) return false;
  const ip = ipaddr.process(host);
  return list.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

/** Why an address may not be used, or null when it may. */
function addressRefusal(
  address: string,
  environment: Environment,
  rules: DestinationRules,
  host?: string,
): string | null {
  if (!ipaddr.isValid(address)) return "Not an IP address";
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) into the IPv4 it carries.
  const ip = ipaddr.process(address);
  const list = allowList(rules);
  if (host && list.hosts.has(host)) return null;
  if (list.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
  const range = ip.range();
  if (range === "unicast") return null;
  if (range === "loopback" && environment === "SANDBOX") return null;
  return `The host resolves to a ${range} address, which ${rules.what} may not reach`;
}

function resolver(): { resolve: (host: string) => Promise<string[]> } {
  const servers = env().WEBHOOK_DNS_SERVERS;
  if (servers) {
    const r = new dns.promises.Resolver({ timeout: 2000, tries: 1 });
    r.setServers(servers.split(",").map((s) => s.trim()));
    return {
      resolve: async (host) => {
        const found = await Promise.allSettled([r.resolve4(host), r.resolve6(host)]);
        const addresses = found.flatMap((f) => (f.status === "fulfilled" ? f.value : []));
        if (addresses.length === 0) throw Object.assign(new Error(`${host} does not resolve`), { code: "ENOTFOUND" });
        return addresses;
      },
    };
  }
  return {
    resolve: async (host) => (await dns.promises.lookup(host, { all: true, verbatim: true })).map((a) => a.address),
  };
}

/**
 * Resolve the URL's host and check every address it has (one private answer among public ones is
 * refused too). Throws DestinationRefused, or the resolver's error when the name does not resolve.
 */
export async function resolveDestination(
  raw: string,
  environment: Environment,
  rules: DestinationRules = WEBHOOK_RULES,
): Promise<Destination> {
  const url = checkUrlShape(raw, environment, rules);
  const host = bareHost(url);
  const addresses = net.isIP(host) ? [host] : await resolve(host);
  for (const a of addresses) {
    const why = addressRefusal(a, environment, rules, host);
    if (why) throw new DestinationRefused(why);
  }
  const address = addresses[0];
  const isPublic = addresses.every((a) => ipaddr.process(a).range() === "unicast");
  return { url, host, address, family: net.isIPv6(address) ? 6 : 4, isPublic };
}

/**
 * The check at PATCH /config: refusals as at delivery, except that a name that does not resolve
 * yet is accepted (it is checked again at each delivery). Returns the reason for a refusal, or null.
 */
export async function webhookUrlRefusal(
  raw: string,
  environment: Environment,
  rules: DestinationRules = WEBHOOK_RULES,
): Promise<string | null> {
  try {
    await resolveDestination(raw, environment, rules);
    return null;
  } catch (e) {
    if (e instanceof DestinationRefused) return e.message;
    return null;
  }
}
