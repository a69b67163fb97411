import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform } from "../../support/api";

describe("customers", () => {
  it("an empty body lists every missing field at once", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers", { auth: p.auth });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_INPUT");
    const fields = r.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(["customerType", "fullName"]);
  });

  it("lists each invalid field with its constraint", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "PERSON", email: "not-an-email", phoneNumber: "12345", nationality: "usa" },
    });
    expect(r.status).toBe(400);
    const byField = Object.fromEntries(r.body.details.errors.map((e: any) => [e.field, e]));
    expect(byField.customerType.constraint.enum).toEqual(["INDIVIDUAL", "BUSINESS"]);
    expect(byField.email.constraint.format).toBe("email");
    expect(byField.phoneNumber.constraint.pattern).toBeTruthy();
    expect(byField.nationality.constraint.pattern).toBeTruthy();
  });

  it("creates an individual with an embedded wallet and one EMAIL_OTP credential", async () => {
    const p = await newPlatform();
    const { customer, account, email } = await newCustomer(p);
    expect(customer.id).toMatch(/^Customer:[0-9a-f-]{36}$/);
    expect(customer.email).toBe(email);
    expect(customer.kycStatus).toBe("APPROVED");
    expect(account).toBeDefined();
    const acc = await call("GET", `/internal-accounts/${account!.id}`, { auth: p.auth });
    expect(acc.status).toBe(200);
    expect(acc.body).toMatchObject({
      type: "EMBEDDED_WALLET",
      status: "ACTIVE",
      customerId: customer.id,
      balance: { amount: 0, currency: { code: "USDB", decimals: 6 } },
    });
  });

  it("creates a business without email and no wallet", async () => {
    const p = await newPlatform();
    const businessInfo = { legalName: "Acme Ltd", country: "GB", incorporatedOn: "2019-04-01", taxId: "GB123456789" };
    const r = await call("POST", "/customers", { auth: p.auth, body: { customerType: "BUSINESS", businessInfo } });
    expect(r.status).toBe(201);
    expect(r.body.businessInfo).toEqual(businessInfo);
    const accts = await call("GET", `/customers/internal-accounts?customerId=${r.body.id}`, { auth: p.auth });
    expect(accts.body.data).toEqual([]);
  });

  it("PATCH currencies opens an account in each currency not held yet, and removes none", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const accounts = async () =>
      (
        await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(customer.id)}`, {
          auth: p.auth,
        })
      ).body.data
        .filter((a: { type: string }) => a.type !== "EMBEDDED_WALLET")
        .map((a: { balance: { currency: { code: string } } }) => a.balance.currency.code)
        .sort();
    expect(await accounts()).toEqual([]);
    const first = await call("PATCH", `/customers/${customer.id}`, {
      auth: p.auth,
      body: { currencies: ["EUR", "USDB"] },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.currencies).toEqual(["EUR", "USDB"]);
    expect(await accounts()).toEqual(["EUR"]);
    // EUR again: no second EUR account; USD is new; leaving EUR out later keeps its account.
    expect(
      (await call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body: { currencies: ["EUR", "USD"] } })).status,
    ).toBe(200);
    expect(await accounts()).toEqual(["EUR", "USD"]);
    expect(
      (await call("PATCH", `/customers/${customer.id}`, { auth: p.auth, body: { currencies: ["USD"] } })).status,
    ).toBe(200);
    expect(await accounts()).toEqual(["EUR", "USD"]);
  });

  it("a duplicate platformCustomerId is 409 CONFLICT", async () => {
    const p = await newPlatform();
    const body = { customerType: "INDIVIDUAL", fullName: "A", platformCustomerId: "ext-1" };
    expect((await call("POST", "/customers", { auth: p.auth, body })).status).toBe(201);
    const again = await call("POST", "/customers", { auth: p.auth, body });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("CONFLICT");
  });

  it("sandbox KYC follows the name suffix", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Pat 002" },
    });
    expect(r.body.kycStatus).toBe("REJECTED");
  });

  it("gets, updates and lists customers with pagination and a filter", async () => {
    const p = await newPlatform();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call("POST", "/customers", {
        auth: p.auth,
        body: { customerType: "INDIVIDUAL", fullName: `N ${i}`, platformCustomerId: `pc-${i}` },
      });
      ids.push(r.body.id);
    }
    const got = await call("GET", `/customers/${ids[0]}`, { auth: p.auth });
    expect(got.body.platformCustomerId).toBe("pc-0");

    const upd = await call("PATCH", `/customers/${ids[0]}`, {
      auth: p.auth,
      body: { fullName: "Renamed", phoneNumber: "+14155550100" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ fullName: "Renamed", phoneNumber: "+14155550100" });

    const bad = await call("PATCH", `/customers/${ids[0]}`, {
      auth: p.auth,
      body: { phoneNumber: "x", unknownField: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(["phoneNumber", "unknownField"]);

    const page1 = await call("GET", "/customers?limit=2", { auth: p.auth });
    expect(page1.body.data.map((c: any) => c.id)).toEqual(ids.slice(0, 2));
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call("GET", `/customers?limit=2&cursor=${page1.body.nextCursor}`, { auth: p.auth });
    expect(page2.body.data.map((c: any) => c.id)).toEqual(ids.slice(2, 4));
    const page3 = await call("GET", `/customers?limit=2&cursor=${page2.body.nextCursor}`, { auth: p.auth });
    expect(page3.body).toEqual({ data: [expect.objectContaining({ id: ids[4] })], hasMore: false, totalCount: 5 });

    const filtered = await call("GET", "/customers?platformCustomerId=pc-3", { auth: p.auth });
    expect(filtered.body.data.map((c: any) => c.id)).toEqual([ids[3]]);

    const badLimit = await call("GET", "/customers?limit=0", { auth: p.auth });
    expect(badLimit.status).toBe(400);
    const badCursor = await call("GET", "/customers?cursor=zzz", { auth: p.auth });
    expect(badCursor.status).toBe(400);
  });

  it("totalCount is counted again on every page: exact across inserts and deletes between pages (docs/protocol.md Lists)", async () => {
    const p = await newPlatform();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await newCustomer(p)).customer.id);
    const page1 = await call("GET", "/customers?limit=2", { auth: p.auth });
    expect(page1.body).toMatchObject({ hasMore: true, totalCount: 3 });
    ids.push((await newCustomer(p)).customer.id);
    const page2 = await call("GET", `/customers?limit=2&cursor=${page1.body.nextCursor}`, { auth: p.auth });
    expect(page2.body.data.map((c: { id: string }) => c.id)).toEqual(ids.slice(2, 4));
    expect(page2.body.totalCount).toBe(4);
    expect((await call("DELETE", `/customers/${ids[0]}`, { auth: p.auth })).status).toBeLessThan(300);
    const again = await call("GET", `/customers?limit=2&cursor=${page1.body.nextCursor}`, { auth: p.auth });
    expect(again.body.totalCount).toBe(3);
    const withDeleted = await call(
      "GET",
      `/customers?limit=2&isIncludingDeleted=true&cursor=${page1.body.nextCursor}`,
      { auth: p.auth },
    );
    expect(withDeleted.body.totalCount).toBe(4);
  });

  it("a malformed or unknown customer id is 404 USER_NOT_FOUND", async () => {
    const p = await newPlatform();
    for (const id of ["nope", "Customer:01a2023e-a07e-72f0-a24c-db9346ffec6c"]) {
      const r = await call("GET", `/customers/${id}`, { auth: p.auth });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("USER_NOT_FOUND");
    }
  });
});

describe("platform configuration", () => {
  it("reads and changes the configuration", async () => {
    const p = await newPlatform({ origins: ["http://localhost:4000"] });
    const g = await call("GET", "/config", { auth: p.auth });
    expect(g.body).toMatchObject({
      environment: "SANDBOX",
      sessionLifetimeSeconds: 900,
      webauthn: { rpId: "localhost", origins: ["http://localhost:4000"] },
    });
    const u = await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        sessionLifetimeSeconds: 600,
        webhookUrl: "https://hooks.example.com/x",
        webauthn: { origins: ["https://w.example.com"] },
      },
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      sessionLifetimeSeconds: 600,
      webhookUrl: "https://hooks.example.com/x",
      webauthn: { rpId: "localhost", origins: ["https://w.example.com"] },
    });
    const ro = await call("PATCH", "/config", {
      auth: p.auth,
      body: { environment: "PRODUCTION", sessionLifetimeSeconds: 5 },
    });
    expect(ro.status).toBe(400);
    expect(ro.body.details.errors.map((e: any) => e.field).sort()).toEqual(["environment", "sessionLifetimeSeconds"]);
  });
});
