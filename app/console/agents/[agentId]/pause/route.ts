import { NextResponse } from "next/server";
import { back, sameOrigin, sessionOf } from "@/lib/console/console-form";
import { serviceCall } from "@/lib/console/console-client";

/** Pause or resume an agent (PATCH /agents/{id} {isPaused}). */
export async function POST(req: Request, ctx: { params: Promise<{ agentId: string }> }) {
  if (!sameOrigin(req)) return new NextResponse("cross-origin form post refused", { status: 403 });
  const s = sessionOf(req);
  if (!s) return back(req, "/console/login");
  const { agentId } = await ctx.params;
  const form = await req.formData();
  const isPaused = form.get("isPaused") === "true";
  const r = await serviceCall(s, "PATCH", `/agents/${encodeURIComponent(agentId)}`, { isPaused });
  return back(req, "/console", r.status === 200 ? `${agentId} ${isPaused ? "paused" : "resumed"}` : `${agentId}: ${r.body?.code ?? r.status}`);
}
