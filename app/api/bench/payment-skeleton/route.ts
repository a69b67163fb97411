/**
 * The bound of bench/money-path.ts (bench/skeleton/payment-skeleton.ts): a payment's database round trips and
 * nothing else. Answers 404 unless the server runs with BENCH_ROUTES=1.
 */
import { ApiError } from "@/lib/server/core/errors";
import { paymentSkeleton } from "@/bench/skeleton/payment-skeleton";

export async function POST(req: Request): Promise<Response> {
  if (process.env.BENCH_ROUTES !== "1") return new Response(null, { status: 404 });
  const body = (await req.json()) as {
    platformId: string;
    source: string;
    destination: string;
    destinationKind?: "INTERNAL" | "EXTERNAL";
  };
  const shape = new URL(req.url).searchParams.get("shape") === "fused" ? "fused" : "payment";
  try {
    const result = await paymentSkeleton({ ...body, shape });
    return new Response(JSON.stringify(result), { status: 201, headers: { "content-type": "application/json" } });
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return new Response(JSON.stringify(e.toBody()), {
      status: e.status,
      headers: { "content-type": "application/json" },
    });
  }
}
