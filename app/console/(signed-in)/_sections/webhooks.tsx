import { consolePage } from "@/lib/integrator/console/console-client";
import { Table } from "./table";

/** The webhook delivery log, with a re-send button per delivery. */
export async function Webhooks() {
  const deliveries = await (await consolePage()).listWebhookDeliveries({ limit: 50 });
  return (
    <section aria-labelledby="webhooks">
      <h2 id="webhooks" className="text-xl font-semibold">Webhook deliveries</h2>
      <Table heads={["Event", "Status", "Attempts", "Last answer", ""]}>
        {deliveries.data.map((d) => (
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
      </Table>
    </section>
  );
}
