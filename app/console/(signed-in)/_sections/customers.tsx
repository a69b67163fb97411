import { consolePage } from "@/lib/integrator/console/console-client";

export async function Customers() {
  const customers = await (await consolePage()).listCustomers({ limit: 100 });
  return (
    <section aria-labelledby="customers">
      <h2 id="customers" className="text-xl font-semibold">Customers</h2>
      <ul className="mt-2 text-sm">
        {customers.data.map((c) => (
          <li key={c.id}>
            {customerName(c)} · <span className="font-mono">{c.id}</span> · KYC {c.kycStatus}
          </li>
        ))}
      </ul>
    </section>
  );
}

export const customerName = (c: { id: string; fullName?: string | null; legalName?: string | null }) => c.fullName ?? c.legalName ?? c.id;
