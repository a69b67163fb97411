import { consolePage } from "@/lib/integrator/console/console-client";

const money = (m: { amount: number; currency: { code: string; decimals: number } }) =>
  `${(m.amount / 10 ** m.currency.decimals).toFixed(m.currency.decimals)} ${m.currency.code}`;

/** Agent transactions that wait for the platform's decision. */
export async function Approvals() {
  const client = await consolePage();
  const pending = await client.listTransactions({ status: "PENDING", limit: 100 });
  const queue = pending.data.flatMap((t) => ("pendingReason" in t && t.pendingReason === "PENDING_PLATFORM_APPROVAL" ? [t] : []));
  return (
    <section aria-labelledby="approvals">
      <h2 id="approvals" className="text-xl font-semibold">Approval queue</h2>
      {queue.length === 0 ? <p className="text-slate-600">Nothing waits for approval.</p> : null}
      <ul className="mt-2 space-y-2">
        {queue.map((t) => (
          <li key={t.id} className="rounded border border-slate-200 bg-white p-3" data-testid="approval">
            <div>
              <span className="font-mono text-sm">{t.id}</span> · agent <span className="font-mono text-sm">{t.agentId}</span> · {money(t.sentAmount)} →{" "}
              {money(t.receivedAmount)} to <span className="font-mono text-sm">{t.destination.accountId}</span>
            </div>
            <div className="mt-2 flex gap-2">
              <form method="post" action={`/console/transactions/${t.id}/approve`}>
                <button className="rounded bg-green-700 px-3 py-1 text-white">Approve</button>
              </form>
              <form method="post" action={`/console/transactions/${t.id}/reject`} className="flex gap-2">
                <input name="reason" placeholder="Reason" aria-label="Rejection reason" className="rounded border border-slate-300 px-2" />
                <button className="rounded bg-red-700 px-3 py-1 text-white">Reject</button>
              </form>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
