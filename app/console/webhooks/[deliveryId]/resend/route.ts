import { NextResponse } from "next/server";
import { back, sameOrigin, sessionOf } from "@/lib/console/console-form";
import { serviceCall } from "@/lib/console/console-client";

export async function POST(req: Request, ctx: { params: Promise<{ deliveryId: string }> }) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const s = sessionOf(req);
  if (!s) return back(req, "/console/login");
  const { deliveryId } = await ctx.params;
  const r = await serviceCall(s, "POST", `/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`);
  return back(req, "/console", r.status === 200 ? `${deliveryId} queued again` : `${deliveryId}: ${r.body?.code ?? r.status}`);
}
