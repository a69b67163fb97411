import { consolePage } from "@/lib/integrator/console/console-client";
import { listConsoleCards } from "@/lib/integrator/console/cards";

export const dynamic = "force-dynamic";

const STATES = ["ACTIVE", "FROZEN", "PROCESSING", "PENDING_KYC", "CLOSED"] as const;
const BADGE: Record<string, string> = {
  ACTIVE: "bg-green-100 text-green-900",
  FROZEN: "bg-blue-100 text-blue-900",
  CLOSED: "bg-slate-200 text-slate-800",
};

/** Cards of the platform with their state; an operator freezes or unfreezes one (PATCH /cards/{id} through the SDK). */
export default async function CardsPage({ searchParams }: { searchParams: Promise<{ msg?: string; state?: string }> }) {
  const { msg, state } = await searchParams;
  const filter = STATES.find((s) => s === state);
  const cards = await listConsoleCards(await consolePage(), filter);
  return (
    <section aria-labelledby="cards" className="space-y-3">
      {msg ? (
        <p role="status" className="rounded bg-blue-50 p-2 text-blue-900">
          {msg}
        </p>
      ) : null}
      <div className="flex items-center justify-between">
        <h2 id="cards" className="text-xl font-semibold">
          Cards
        </h2>
        <form method="get" className="flex items-center gap-2 text-sm">
          <label htmlFor="card-state-filter">State</label>
          <select
            id="card-state-filter"
            name="state"
            defaultValue={filter ?? ""}
            className="rounded border border-slate-300 px-2 py-1"
          >
            <option value="">All</option>
            {STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <button type="submit" className="rounded border border-slate-400 px-3 py-1">
            Filter
          </button>
        </form>
      </div>
      <p className="text-sm text-slate-600">{cards.totalCount} card(s)</p>
      {cards.data.length === 0 ? <p className="text-slate-600">No cards yet.</p> : null}
      <table className="w-full text-left text-sm">
        <thead>
          <tr>
            <th>Card</th>
            <th>Cardholder</th>
            <th>Currency</th>
            <th>Limit per transaction</th>
            <th>State</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {cards.data.map((c) => (
            <tr key={c.id} data-testid="card-row" data-card-id={c.id} className="border-t border-slate-200">
              <td>
                {c.brand} •••• {c.last4} <span className="block font-mono text-xs text-slate-600">{c.id}</span>
              </td>
              <td className="font-mono text-xs">{c.cardholderId}</td>
              <td>{c.currency}</td>
              <td>{c.maxSpendPerTransaction ?? "—"}</td>
              <td>
                <span
                  data-testid="card-state"
                  className={`rounded px-2 py-0.5 ${BADGE[c.state] ?? "bg-amber-100 text-amber-900"}`}
                >
                  {c.state}
                </span>
              </td>
              <td>
                {c.state === "ACTIVE" || c.state === "FROZEN" ? (
                  <form method="post" action={`/console/cards/${encodeURIComponent(c.id)}/state`}>
                    <input type="hidden" name="state" value={c.state === "ACTIVE" ? "FROZEN" : "ACTIVE"} />
                    <button
                      type="submit"
                      className="rounded border border-slate-400 px-3 py-1"
                      aria-label={`${c.state === "ACTIVE" ? "Freeze" : "Unfreeze"} card ending ${c.last4}`}
                    >
                      {c.state === "ACTIVE" ? "Freeze" : "Unfreeze"}
                    </button>
                  </form>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
