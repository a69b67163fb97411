/**
 * The framework's ceiling for bench/agent-lookup.ts: an empty route handler returning constant JSON
 * from the same build. Answers 404 unless the server runs with BENCH_ROUTES=1.
 */
const BODY = JSON.stringify({ ok: true });

export function GET(): Response {
  if (process.env.BENCH_ROUTES !== "1") return new Response(null, { status: 404 });
  return new Response(BODY, { status: 200, headers: { "content-type": "application/json" } });
}
