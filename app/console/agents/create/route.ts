import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { consoleClient, settle } from "@/lib/integrator/console/console-client";
import { returnTo } from "@/lib/integrator/console/return-to";

/**
 * Create an agent for a customer with a starting policy (POST /console/agents/create; /console/agents is the
 * agents page). The device code is shown once on the page the form came from.
 */
export const POST = consoleFormPost(async (req, s) => {
  const form = await req.formData();
  const to = returnTo(form, "/console/agents");
  const limit = Number(form.get("perTransactionLimit") ?? 10_000);
  const r = await settle(
    (await consoleClient(s)).createAgent({
      name: String(form.get("name") ?? "Agent"),
      customerId: String(form.get("customerId") ?? ""),
      policy: {
        permissions: ["VIEW_TRANSACTIONS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"],
        defaultExecutionMode: form.get("mode") === "AUTO" ? "AUTO" : "APPROVAL_REQUIRED",
        spendingLimits: { currency: "USD", perTransactionLimit: Number.isFinite(limit) ? limit : 10_000 },
      },
    }),
  );
  if (!r.ok) return back(req, to, `Agent not created: ${r.error.code} ${r.error.message}`);
  const res = back(req, to, `Agent ${r.body.agent.id} created`);
  // The device code is shown once: carried to the next page view only, in a short-lived cookie scoped to the console.
  res.cookies.set("console_device_code", r.body.deviceCode.code, {
    httpOnly: true,
    sameSite: "strict",
    path: "/console",
    maxAge: 60,
  });
  return res;
});
