import { cookies } from "next/headers";
import QRCode from "qrcode";
import { consolePage } from "@/lib/integrator/console/console-client";
import { AGENT_PERMISSIONS } from "@/lib/sdk";
import { CopyButton } from "./copy-button";
import { customerName } from "./customers";
import { Table } from "./table";

/** The new agent's device code, shown once (carried in a cookie that lives a minute), also as a QR code. */
export async function DeviceCode() {
  const deviceCode = (await cookies()).get("console_device_code")?.value;
  if (!deviceCode) return null;
  // Rendered on the server as an inline SVG: no script, nothing loaded from elsewhere.
  const qrSvg = await QRCode.toString(deviceCode, { type: "svg", margin: 1, width: 160 });
  return (
    <p className="rounded bg-green-50 p-3">
      Device code for the new agent (shown once): <code data-testid="device-code" className="font-mono text-lg">{deviceCode}</code>
      <CopyButton text={deviceCode} label="Copy device code" />
      <span
        role="img"
        aria-label={`QR code of the device code ${deviceCode}`}
        data-testid="device-code-qr"
        className="mt-2 block h-40 w-40"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
    </p>
  );
}

/** Agents: create one, pause, edit its policy, delete. */
export async function Agents() {
  const client = await consolePage();
  const [agents, customers] = await Promise.all([client.listAgents({ limit: 100 }), client.listCustomers({ limit: 100 })]);
  return (
    <section aria-labelledby="agents">
      <h2 id="agents" className="text-xl font-semibold">Agents</h2>
      <form method="post" action="/console/agents" className="mt-2 flex flex-wrap gap-2">
        <input name="name" required placeholder="Agent name" aria-label="Agent name" className="rounded border border-slate-300 p-1" />
        <select name="customerId" aria-label="Customer" className="rounded border border-slate-300 p-1">
          {customers.data.map((c) => (
            <option key={c.id} value={c.id}>
              {customerName(c)}
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
      <Table heads={["Name", "Customer", "Connected", "Mode", ""]} className="mt-3">
        {agents.data.map((a) => (
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
                    {AGENT_PERMISSIONS.map((perm) => (
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
      </Table>
    </section>
  );
}
