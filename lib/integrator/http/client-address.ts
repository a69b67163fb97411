import ipaddr from "ipaddr.js";

/**
 * The header the server sets on every request from the TCP socket itself (overwriting anything a client sent under
 * that name), since Next.js keeps the socket from route handlers. The integrator runs in the same server process.
 */
const PEER_HEADER = "x-service-peer-address";

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];
let cache: { raw: string; ranges: Range[] } | undefined;

function trustedProxies(): Range[] {
  const raw = process.env.TRUSTED_PROXIES ?? "";
  if (cache?.raw === raw) return cache.ranges;
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
  cache = { raw, ranges };
  return ranges;
}

function trusted(address: string, ranges: Range[]): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  return ranges.some(([net, bits]) => net.kind() === ip.kind() && ip.match(net, bits));
}

const plain = (a: string) => (ipaddr.isValid(a) ? ipaddr.process(a).toString() : a).slice(0, 45);

/**
 * The browser's address, by the service's rule (TRUSTED_PROXIES): the TCP peer, unless the peer is a trusted proxy,
 * then the nearest X-Forwarded-For hop from the right that is not one. Anyone else's X-Forwarded-For is ignored, so a
 * browser can neither pick its address nor spread its attempts over made-up ones.
 */
export function clientAddress(req: Request): string {
  const peer = req.headers.get(PEER_HEADER) || "unknown";
  const ranges = trustedProxies();
  if (!trusted(peer, ranges)) return plain(peer);
  const hops = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i], ranges)) return plain(hops[i]);
  return plain(peer);
}
