import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { consoleSession, serviceCall } from "@/lib/console/console-client";
import QRCode from "qrcode";
import { CopyButton } from "./copy-button";

const PERMISSIONS = ["VIEW_TRANSACTIONS", "CREATE_TRANSFERS", "CREATE_QUOTES", "EXECUTE_QUOTES", "MANAGE_EXTERNAL_ACCOUNTS"];

export const dynamic = "force-dynamic";

const money = (m: { amount: number; currency: { code: string; decimals: number } }) =>
  `${(m.amount / 10 ** m.currency.decimals).toFixed(m.currency.decimals)} ${m.currency.code}`;

/**
 * The operators' console (integrator pages): approval queue, agents, customers, external accounts and the
 * webhook delivery log. Every read and action goes to the service over HTTP with the platform credentials.
 */
export default async function Console({ searchParams }: { searchParams: Promise<{ msg?: string }> }) {
  const s = await consoleSession();
  if (!s) redirect("/console/login");
  const { msg } = await searchParams;
  const deviceCode = (await cookies()).get("console_device_code")?.value;
  const [pending, agents, customers, externals, deliveries] = await Promise.all([
    serviceCall(s, "GET", "/transactions?status=PENDING&limit=100"),
    serviceCall(s, "GET", "/agents?limit=100"),
    serviceCall(s, "GET", "/customers?limit=100"),
    serviceCall(s, "GET", "/customers/external-accounts?limit=100"),
    serviceCall(s, "GET", "/webhooks/deliveries?limit=50"),
  ]);
  // Rendered on the server as an inline SVG: no script, nothing loaded from elsewhere.
  const qrSvg = deviceCode ? await QRCode.toString(deviceCode, { type: "svg", margin: 1, width: 160 }) : null;
  const queue = (pending.body?.data ?? []).filter((t: any) => t.pendingReason === "PENDING_PLATFORM_APPROVAL");
  return (
    <main className="mx-auto max-w-5xl space-y-10 p-8">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Platform console</h1>
        <form method="post" action="/console/logout">
          <button className="rounded border border-slate-400 px-3 py-1">Sign out</button>
        </form>
      </header>
      {msg ? (
        <p role="status" className="rounded bg-blue-50 p-2 text-blue-900">
          {msg}
        </p>
      ) : null}
      {deviceCode ? (
        <p className="rounded bg-green-50 p-3">
          Device code for the new agent (shown once): <code data-testid="device-code" className="font-mono text-lg">{deviceCode}</code>
          <CopyButton text={deviceCode} label="Copy device code" />
          <span
            role="img"
            aria-label={`QR code of the device code ${deviceCode}`}
            data-testid="device-code-qr"
            className="mt-2 block h-40 w-40"
            dangerouslySetInnerHTML={{ __html: qrSvg ?? "" }}
          />
        </p>
      ) : null}

      <section aria-labelledby="approvals">
        <h2 id="approvals" className="text-xl font-semibold">Approval queue</h2>
        {queue.length === 0 ? <p className="text-slate-600">Nothing waits for approval.</p> : null}
        <ul className="mt-2 space-y-2">
          {queue.map((t: any) => (
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

      <section aria-labelledby="agents">
        <h2 id="agents" className="text-xl font-semibold">Agents</h2>
        <form method="post" action="/console/agents" className="mt-2 flex flex-wrap gap-2">
          <input name="name" required placeholder="Agent name" aria-label="Agent name" className="rounded border border-slate-300 p-1" />
          <select name="customerId" aria-label="Customer" className="rounded border border-slate-300 p-1">
            {(customers.body?.data ?? []).map((c: any) => (
              <option key={c.id} value={c.id}>
                {c.fullName ?? c.businessInfo?.legalName ?? c.id}
              </option>
            ))}
          </select>
          <select name="mode" aria-label="Execution mode" className="rounded border border-slate-300 p-1">
            <option value="APPROVAL_REQUIRED">Approval required</option>
            <option value="AUTO">Automatic</option>
          </select>
          <input name="perTransactionLimit" type="number" defaultValue={10000} aria-label="Per-transaction limit (USD cents)" className="w-32 rounded border border-slate-300 p-1" />
          <button className="rounded bg-blue-700 px-3 py-1 text-white">Create agent</button>
        </form>
        <table className="mt-3 w-full text-left text-sm">
          <thead>
            <tr>
              <th>Name</th>
              <th>Customer</th>
              <th>Connected</th>
              <th>Mode</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(agents.body?.data ?? []).map((a: any) => (
              <tr key={a.id}>
                <td>{a.name}</td>
                <td className="font-mono">{a.customerId}</td>
                <td>{a.isConnected ? "yes" : "no"}</td>
                <td>{a.policy.defaultExecutionMode}</td>
                <td className="space-y-1 py-1">
                  <form method="post" action={`/console/agents/${a.id}/pause`}>
                    <input type="hidden" name="isPaused" value={a.isPaused ? "false" : "true"} />
                    <button className="rounded border border-slate-400 px-2">{a.isPaused ? "Resume" : "Pause"}</button>
                  </form>
                  <details>
                    <summary className="cursor-pointer">Policy</summary>
                    <form method="post" action={`/console/agents/${a.id}/policy`} className="mt-1 space-y-1" data-testid="policy-form">
                      <fieldset>
                        <legend className="font-semibold">Permissions</legend>
                        {PERMISSIONS.map((perm) => (
                          <label key={perm} className="block">
                            <input type="checkbox" name="permissions" value={perm} defaultChecked={a.policy.permissions.includes(perm)} /> {perm}
                          </label>
                        ))}
                      </fieldset>
                      <label className="block">
                        Execution mode{" "}
                        <select name="defaultExecutionMode" defaultValue={a.policy.defaultExecutionMode} className="rounded border border-slate-300">
                          <option value="APPROVAL_REQUIRED">Approval required</option>
                          <option value="AUTO">Automatic</option>
                        </select>
                      </label>
                      <label className="block">
                        Per transaction ({a.policy.spendingLimits.currency} minor units){" "}
                        <input name="perTransactionLimit" type="number" min={0} defaultValue={a.policy.spendingLimits.perTransactionLimit} className="w-28 rounded border border-slate-300" />
                      </label>
                      <label className="block">
                        Daily (empty: none){" "}
                        <input name="dailyLimit" type="number" min={0} defaultValue={a.policy.spendingLimits.dailyLimit ?? ""} className="w-28 rounded border border-slate-300" />
                      </label>
                      <label className="block">
                        Monthly (empty: none){" "}
                        <input name="monthlyLimit" type="number" min={0} defaultValue={a.policy.spendingLimits.monthlyLimit ?? ""} className="w-28 rounded border border-slate-300" />
                      </label>
                      <button className="rounded bg-blue-700 px-2 text-white">Save policy</button>
                    </form>
                  </details>
                  <form method="post" action={`/console/agents/${a.id}/delete`} className="flex items-center gap-1">
                    <label>
                      <input type="checkbox" name="confirm" value="yes" required /> confirm
                    </label>
                    <button className="rounded border border-red-700 px-2 text-red-800">Delete</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="customers">
        <h2 id="customers" className="text-xl font-semibold">Customers</h2>
        <ul className="mt-2 text-sm">
          {(customers.body?.data ?? []).map((c: any) => (
            <li key={c.id}>
              {c.fullName ?? c.businessInfo?.legalName} · <span className="font-mono">{c.id}</span> · {c.kybStatus ? `KYB ${c.kybStatus}` : `KYC ${c.kycStatus}`}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="external-accounts">
        <h2 id="external-accounts" className="text-xl font-semibold">External accounts</h2>
        <ul className="mt-2 text-sm">
          {(externals.body?.data ?? []).map((e: any) => (
            <li key={e.id}>
              <span className="font-mono">{e.id}</span> · {e.accountInfo?.accountType} · {e.currency} · <strong>{e.status}</strong>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="webhooks">
        <h2 id="webhooks" className="text-xl font-semibold">Webhook deliveries</h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr>
              <th>Event</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Last answer</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(deliveries.body?.data ?? []).map((d: any) => (
              <tr key={d.id} data-testid="delivery">
                <td>{d.eventType}</td>
                <td>{d.status}</td>
                <td>{d.attempts}</td>
                <td>{d.lastStatusCode ?? d.lastError ?? ""}</td>
                <td>
                  <form method="post" action={`/console/webhooks/${d.id}/resend`}>
                    <button className="rounded border border-slate-400 px-2">Re-send</button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
