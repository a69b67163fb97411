import { NextResponse } from "next/server";
import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";

/** Approve or reject an agent transaction from the approval queue (POST /transactions/{id}/approve|reject). */
export const POST = consoleFormPost<{ transactionId: string; decision: string }>(
  async (req, s, { transactionId, decision }) => {
    if (decision !== "approve" && decision !== "reject") return new NextResponse("unknown decision", { status: 404 });
    const form = await req.formData().catch(() => null);
    const reason = form?.get("reason");
    const client = await consoleClient(s);
    const r = await settle(
      decision === "approve"
        ? client.approveTransaction(transactionId)
        : client.rejectTransaction(transactionId, reason ? { reason: String(reason) } : undefined),
    );
    return back(
      req,
      returnTo(form, "/console"),
      r.ok ? `${transactionId}: ${r.body.status}` : `${transactionId}: ${r.error.code} ${r.error.message}`,
    );
  },
);
