import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/config/env";

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

/** Refusals that need no DNS: scheme, credentials, missing host. */
function checkUrlShape(raw: string, environment: Environment): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new DestinationRefused("Must be an absolute URL");
  }
  const schemes = environment === "SANDBOX" ? ["https:", "http:"] : ["https:"];
  if (!schemes.includes(url.protocol)) {
    throw new DestinationRefused(`The scheme must be ${environment === "SANDBOX" ? "https or http" : "https"}`);
  }
  if (url.username || url.password) throw new DestinationRefused("Credentials in the URL are not allowed");
  if (!url.hostname) throw new DestinationRefused("The URL has no host");
  return url;
}

function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
}

interface AllowList {
  hosts: Set<string>;
  ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
}

let allowCache: { raw: string; list: AllowList } | undefined;

function allowList(): AllowList {
  const raw = env().WEBHOOK_ALLOWED_HOSTS ?? "";
  if (allowCache?.raw === raw) return allowCache.list;
  const list: AllowList = { hosts: new Set(), ranges: [] };
  for (const entry of raw
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean)) {
    if (ipaddr.isValidCIDR(entry)) list.ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const a = ipaddr.process(entry);
      list.ranges.push([a, a.kind() === "ipv4" ? 32 : 128]);
    } else list.hosts.add(entry);
  }
  allowCache = { raw, list };
  return list;
}

/** Why an address may not be used, or null when it may. */
function addressRefusal(address: string, environment: Environment, host?: string): string | null {
  if (!ipaddr.isValid(address)) return "Not an IP address";
  // process() turns IPv4-mapped IPv6 (::ffff:127.0.0.1, ::ffff:7f00:1) into the IPv4 it carries.
  const ip = ipaddr.process(address);
  const list = allowList();
  if (host && list.hosts.has(host)) return null;
  if (list.ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits))) return null;
  const range = ip.range();
  if (range === "unicast") return null;
  if (range === "loopback" && environment === "SANDBOX") return null;
  return `The host resolves to a ${range} address, which webhooks may not reach`;
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
export async function resolveDestination(raw: string, environment: Environment): Promise<Destination> {
  const url = checkUrlShape(raw, environment);
  const host = bareHost(url);
  const addresses = net.isIP(host) ? [host] : await resolver().resolve(host);
  for (const a of addresses) {
    const why = addressRefusal(a, environment, host);
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
export async function webhookUrlRefusal(raw: string, environment: Environment): Promise<string | null> {
  try {
    await resolveDestination(raw, environment);
    return null;
  } catch (e) {
    if (e instanceof DestinationRefused) return e.message;
    return null;
  }
}
