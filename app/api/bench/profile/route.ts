/**
 * CPU profiles of a window of bench/money-path.ts (BENCH_PROFILE=1): `POST ?action=start`, then `POST ?action=stop`
 * answers the profile (Chrome DevTools' .cpuprofile JSON) of this server's main thread between the two, taken by the
 * in-process inspector. The bench saves it and `bench/profile-summary.ts` names where the time went. Answers 404 unless
 * the server runs with BENCH_ROUTES=1.
 */
import { Session } from "node:inspector/promises";

type G = typeof globalThis & { __benchProfiler?: Session };
const g = globalThis as G;

export async function POST(req: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== "1") return new Response(null, { status: 404 });
  const action = new URL(req.url).searchParams.get("action");
  if (action === "start") {
    g.__benchProfiler?.disconnect();
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 200 });
    await session.post("Profiler.start");
    g.__benchProfiler = session;
    return new Response(null, { status: 204 });
  }
  const session = g.__benchProfiler;
  if (action !== "stop" || !session) return new Response(null, { status: 400 });
  const { profile } = await session.post("Profiler.stop");
  session.disconnect();
  g.__benchProfiler = undefined;
  return new Response(JSON.stringify(profile), { status: 200, headers: { "content-type": "application/json" } });
}
