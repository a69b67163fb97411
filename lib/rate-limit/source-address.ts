/**
 * The address a request came from, for per-source limits: the last `X-Forwarded-For` hop. `next start` sets it
 * from the socket when the request carries none; behind a reverse proxy, the proxy must set it (README
 * "Rate limits and retention").
 */
export function sourceAddress(headers: Headers): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",");
  return hops[hops.length - 1].trim().slice(0, 100) || "unknown";
}
