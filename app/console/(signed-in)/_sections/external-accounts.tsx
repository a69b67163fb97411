import { consolePage } from "@/lib/integrator/console/console-client";

export async function ExternalAccounts() {
  const externals = await (await consolePage()).listCustomerExternalAccounts({ limit: 100 });
  return (
    <section aria-labelledby="external-accounts">
      <h2 id="external-accounts" className="text-xl font-semibold">External accounts</h2>
      <ul className="mt-2 text-sm">
        {externals.data.map((e) => (
          <li key={e.id}>
            <span className="font-mono">{e.id}</span> · {e.accountInfo?.accountType} · {e.currency} · <strong>{e.status}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
