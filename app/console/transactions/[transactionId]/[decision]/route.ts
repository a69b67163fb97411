import { NextResponse } from "next/server";
import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { serviceCall } from "@/lib/integrator/console/console-client";

/** Approve or reject an agent transaction from the approval queue (POST /transactions/{id}/approve|reject). */
export const POST = consoleFormPost<{ transactionId: string; decision: string }>(async (req, s, { transactionId, decision }) => {
  if (decision !== "approve" && decision !== "reject") return new NextResponse("unknown decision", { status: 404 });
  const form = await req.formData().catch(() => null);
  const reason = form?.get("reason");
  const r = await serviceCall(s, "POST", `/transactions/${encodeURIComponent(transactionId)}/${decision}`, decision === "reject" && reason ? { reason: String(reason) } : undefined);
  const msg = r.status === 200 ? `${transactionId}: ${r.body.status}` : `${transactionId}: ${r.body?.code ?? r.status} ${r.body?.message ?? ""}`;
  return back(req, "/console", msg);
});
