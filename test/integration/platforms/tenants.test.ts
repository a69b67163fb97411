import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform } from "../../support/api";

describe("two tenants", () => {
  it("platform B gets 404 for each of A's customers and accounts, and cannot list them", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const { customer, account } = await newCustomer(a);

    const asA = await call("GET", `/customers/${customer.id}`, { auth: a.auth });
    expect(asA.status).toBe(200);

    const cB = await call("GET", `/customers/${customer.id}`, { auth: b.auth });
    const unknown = await call("GET", `/customers/Customer:00000000-0000-7000-8000-000000000000`, { auth: b.auth });
    expect(cB.status).toBe(404);
    expect(cB.body.code).toBe(unknown.body.code);

    expect((await call("PATCH", `/customers/${customer.id}`, { auth: b.auth, body: { fullName: "x" } })).status).toBe(
      404,
    );
    const accB = await call("GET", `/internal-accounts/${account!.id}`, { auth: b.auth });
    expect(accB.status).toBe(404);
    expect(accB.body.code).toBe("INTERNAL_ACCOUNT_NOT_FOUND");

    const listB = await call("GET", "/customers", { auth: b.auth });
    expect(listB.body.data.map((c: any) => c.id)).not.toContain(customer.id);
    const acctsB = await call("GET", `/customers/internal-accounts?customerId=${customer.id}`, { auth: b.auth });
    expect(acctsB.body.data).toEqual([]);
    const allAcctsB = await call("GET", `/customers/internal-accounts`, { auth: b.auth });
    expect(allAcctsB.body.data.map((x: any) => x.id)).not.toContain(account!.id);
  });
});
