import ipaddr from "ipaddr.js";
import { env } from "@/lib/shared/config/env";
import { PEER_HEADER } from "./peer-address";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
let proxiesCache: { raw: string; ranges: Range[] } | undefined;

function trustedProxies(): Range[] {
  const raw = env().TRUSTED_PROXIES ?? "";
  if (proxiesCache?.raw === raw) return proxiesCache.ranges;
  const ranges: Range[] = [];
  for (const entry of raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (ipaddr.isValidCIDR(entry)) ranges.push(ipaddr.parseCIDR(entry));
    else if (ipaddr.isValid(entry)) {
      const a = ipaddr.process(entry);
      ranges.push([a, a.kind() === "ipv4" ? 32 : 128]);
    }
  }
  proxiesCache = { raw, ranges };
  return ranges;
}

function trusted(address: string, ranges: Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

/**
 * The address a request came from, for per-source limits: the TCP peer (set from the socket, lib/server/rate-limit/
 * peer-address.ts). `X-Forwarded-For` is believed only when the peer is one of TRUSTED_PROXIES: then the source is
 * the nearest hop, walking from the right, that is not itself a trusted proxy (README "Rate limits and retention").
 * Anyone else's `X-Forwarded-For` is ignored, so a client cannot pick its source, nor spread its attempts over many.
 */
export function sourceAddress(headers: Headers): string {
  const peer = headers.get(PEER_HEADER);
  // Only before start-up installed the header (never once serving): the last hop, as Next.js sets it from the socket.
  if (peer === null) {
    const hops = (headers.get("x-forwarded-for") ?? "").split(",");
    return hops[hops.length - 1].trim().slice(0, 100) || "unknown";
  }
  const ranges = trustedProxies();
  if (!trusted(peer, ranges)) return peer.slice(0, 100) || "unknown";
  const hops = (headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i], ranges)) return hops[i].slice(0, 100);
  return peer.slice(0, 100);
}
