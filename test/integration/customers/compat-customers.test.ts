/**
 * Wire compatibility with Grid's customer operations: Grid's documented request shapes in, our
 * responses checked against our own schemas of Grid's documented response shapes (test/support/grid-shapes).
 */
import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridError, gridError400 } from "../../support/grid-shapes/common";
import {
  gridBusinessCustomer,
  gridCustomer,
  gridCustomerList,
  gridIndividualCustomer,
} from "../../support/grid-shapes/customers";

/** Grid's createCustomer example "businessCustomer". */
const businessBody = (platformCustomerId: string) => ({
  customerType: "BUSINESS",
  platformCustomerId,
  region: "US",
  currencies: ["USD", "USDC"],
  email: `finance-${platformCustomerId}@acme.example`,
  phoneNumber: "+14155559876",
  businessInfo: {
    legalName: "Acme Corporation",
    doingBusinessAs: "Acme",
    country: "US",
    registrationNumber: "5523041",
    incorporatedOn: "2018-03-14",
    entityType: "LLC",
    taxId: "47-1234567",
    countriesOfOperation: ["US"],
    businessType: "INFORMATION",
    purposeOfAccount: "CONTRACTOR_PAYOUTS",
    sourceOfFunds: "Funds derived from customer payments for software services",
    expectedMonthlyTransactionCount: "COUNT_100_TO_500",
    expectedMonthlyTransactionVolume: "VOLUME_100K_TO_1M",
    expectedRecipientJurisdictions: ["US", "MX"],
  },
  address: {
    line1: "123 Market Street",
    line2: "Suite 400",
    city: "Seattle",
    state: "WA",
    postalCode: "98101",
    country: "US",
  },
});

/** Grid's createCustomer example "individualCustomer". */
const individualBody = (platformCustomerId: string) => ({
  customerType: "INDIVIDUAL",
  platformCustomerId,
  region: "US",
  currencies: ["USD", "USDC"],
  fullName: "Jane Smith",
  birthDate: "1990-01-15",
  nationality: "US",
  phoneNumber: "+14155551234",
});

const create = (p: TestPlatform, body: unknown) => call("POST", "/customers", { auth: p.auth, body });

describe("compat: customers", () => {
  it("POST /customers: Grid's BUSINESS example → 201 in Grid's BusinessCustomer shape, businessInfo kept whole", async () => {
    const p = await newPlatform();
    const body = businessBody("biz-acme-001");
    const r = await create(p, body);
    expect(r.status).toBe(201);
    expectGridShape(gridBusinessCustomer, r.body);
    expect(r.body.businessInfo).toEqual(body.businessInfo);
    expect(r.body).toMatchObject({ region: "US", address: body.address, kybStatus: "APPROVED", isDeleted: false });
    expect(r.body.kycStatus).toBeUndefined();
  });

  it("POST /customers: Grid's INDIVIDUAL example → 201 in Grid's IndividualCustomer shape", async () => {
    const p = await newPlatform();
    const r = await create(p, individualBody("ind-9f84e0c2"));
    expect(r.status).toBe(201);
    expectGridShape(gridIndividualCustomer, r.body);
    expect(r.body).toMatchObject({
      region: "US",
      fullName: "Jane Smith",
      birthDate: "1990-01-15",
      kycStatus: "APPROVED",
    });
  });

  it("BUSINESS: Grid's required businessInfo fields, and fields of the other type or of no type, are refused by name", async () => {
    const p = await newPlatform();
    const missing = await create(p, { customerType: "BUSINESS", businessInfo: { legalName: "Acme" } });
    expect(missing.status).toBe(400);
    expectGridShape(gridError400, missing.body);
    expect(missing.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "businessInfo.country",
      "businessInfo.incorporatedOn",
      "businessInfo.taxId",
    ]);
    // The earlier top-level legalName is not an alias: refused rather than dropped.
    const legacy = await create(p, {
      customerType: "BUSINESS",
      legalName: "Acme",
      fullName: "Jane",
      businessInfo: { swiftBic: "x" },
    });
    expect(legacy.status).toBe(400);
    const fields = legacy.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["legalName", "fullName", "businessInfo.swiftBic"]));
  });

  it("PATCH /customers/{id}: Grid's update bodies with the customerType discriminator; businessInfo fields merge", async () => {
    const p = await newPlatform();
    const biz = (await create(p, businessBody("biz-2"))).body;
    // Grid's updateCustomerById example "businessUpdate".
    const upd = await call("PATCH", `/customers/${biz.id}`, {
      auth: p.auth,
      body: {
        customerType: "BUSINESS",
        currencies: ["USD", "USDC"],
        businessInfo: {
          legalName: "New Tech Solutions LLC",
          registrationNumber: "BRN-987654321",
          taxId: "EIN-123456789",
        },
        address: { line1: "100 Technology Parkway", city: "Bellevue", state: "WA", postalCode: "98004", country: "US" },
      },
    });
    expect(upd.status).toBe(200);
    expectGridShape(gridBusinessCustomer, upd.body);
    expect(upd.body.businessInfo).toMatchObject({
      legalName: "New Tech Solutions LLC",
      taxId: "EIN-123456789",
      country: "US",
      entityType: "LLC",
    });
    expect(upd.body.address.city).toBe("Bellevue");

    const ind = (await create(p, individualBody("ind-2"))).body;
    // Grid's example "individualUpdate".
    const i = await call("PATCH", `/customers/${ind.id}`, {
      auth: p.auth,
      body: {
        customerType: "INDIVIDUAL",
        fullName: "John Smith",
        birthDate: "1985-06-15",
        currencies: ["USD", "EUR", "USDC"],
        address: { line1: "456 Market St", city: "Seattle", state: "WA", postalCode: "98101", country: "US" },
      },
    });
    expect(i.status).toBe(200);
    expectGridShape(gridIndividualCustomer, i.body);
    expect(i.body.fullName).toBe("John Smith");

    const wrongType = await call("PATCH", `/customers/${ind.id}`, {
      auth: p.auth,
      body: { customerType: "BUSINESS", currencies: ["USD"] },
    });
    expect(wrongType.status).toBe(400);
    expectGridShape(gridError400, wrongType.body);
    expect(wrongType.body.details.errors.map((e: { field: string }) => e.field)).toContain("customerType");
  });

  it("every optional field of Grid's create/update bodies is taken: the individual's financial profile, businessInfo's categories", async () => {
    const p = await newPlatform();
    const profile = {
      purposeOfAccount: "P2P_TRANSFERS",
      purposeOfAccountOtherDescription: "Family remittances",
      sourceOfFundsCategories: ["SALARY", "SAVINGS"],
      sourceOfFundsOtherDescription: "Bonus",
      sourceOfWealthCategories: ["INVESTMENTS"],
      sourceOfWealthOtherDescription: "Index funds",
      expectedMonthlyTransactionCount: "COUNT_10_TO_100",
      expectedMonthlyTransactionVolume: "VOLUME_UNDER_10K",
      annualIncomeRange: "RANGE_50K_100K",
      netWorthRange: "RANGE_100K_500K",
      pepStatus: "NONE",
    };
    const ind = await create(p, { ...individualBody("prof-1"), ...profile });
    expect(ind.status).toBe(201);
    expectGridShape(gridIndividualCustomer, ind.body);
    expect(ind.body).toMatchObject(profile);
    // Grid requires customerType on PATCH; a body without it is taken too.
    const upd = await call("PATCH", `/customers/${ind.body.id}`, {
      auth: p.auth,
      body: { pepStatus: "FOREIGN", netWorthRange: "OVER_25M" },
    });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ ...profile, pepStatus: "FOREIGN", netWorthRange: "OVER_25M" });
    const biz = await create(p, {
      ...businessBody("prof-2"),
      businessInfo: {
        ...businessBody("prof-2").businessInfo,
        sourceOfFundsCategories: ["OPERATING_REVENUE"],
        sourceOfFundsOtherDescription: "SaaS",
        purposeOfAccountOtherDescription: "Payroll",
      },
    });
    expect(biz.status).toBe(201);
    expect(biz.body.businessInfo).toMatchObject({
      sourceOfFundsCategories: ["OPERATING_REVENUE"],
      purposeOfAccountOtherDescription: "Payroll",
    });
    // The individual's profile is not a BUSINESS field; the status is decided by verification, never sent.
    const mixed = await create(p, { ...businessBody("prof-3"), pepStatus: "NONE", kybStatus: "APPROVED" });
    expect(mixed.status).toBe(400);
    expect(mixed.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["kybStatus", "pepStatus"]);
    const bad = await create(p, { ...individualBody("prof-4"), kycStatus: "APPROVED", annualIncomeRange: "LOTS" });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "annualIncomeRange",
      "kycStatus",
    ]);
  });

  it("GET /customers/kyc-link?platformCustomerId= (Grid client 0.7.0's getKYCLink): the POST's link with both ids", async () => {
    const p = await newPlatform();
    const c = (await create(p, individualBody("kyc-get-1"))).body;
    const r = await call(
      "GET",
      "/customers/kyc-link?platformCustomerId=kyc-get-1&redirectUri=https%3A%2F%2Fexample.com%2Fdone",
      { auth: p.auth },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ customerId: c.id, platformCustomerId: "kyc-get-1" });
    expect(r.body.kycUrl).toMatch(/\/kyc\//);
    expect((await call("GET", "/customers/kyc-link?platformCustomerId=nobody", { auth: p.auth })).body).toMatchObject({
      status: 404,
      code: "USER_NOT_FOUND",
    });
    expect((await call("GET", "/customers/kyc-link", { auth: p.auth })).status).toBe(400);
    await call("DELETE", `/customers/${c.id}`, { auth: p.auth });
    expect((await call("GET", "/customers/kyc-link?platformCustomerId=kyc-get-1", { auth: p.auth })).status).toBe(404);
  });

  it("GET /customers: Grid's filters, and unknown query parameters refused with 400 naming each", async () => {
    const p = await newPlatform();
    const a = (await create(p, individualBody("f-a"))).body;
    const b = (await create(p, { ...businessBody("f-b"), region: "GB", currencies: ["EUR"] })).body;
    const ids = async (q: string) => {
      const r = await call("GET", `/customers?${q}`, { auth: p.auth });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectGridShape(gridCustomerList, r.body);
      return r.body.data.map((c: { id: string }) => c.id);
    };
    expect(await ids("customerType=BUSINESS")).toEqual([b.id]);
    expect(await ids("customerType=INDIVIDUAL")).toEqual([a.id]);
    expect(await ids(`umaAddress=${encodeURIComponent(a.umaAddress)}`)).toEqual([a.id]);
    expect(await ids("region=GB")).toEqual([b.id]);
    expect(await ids("currency=EUR")).toEqual([b.id]);
    expect(await ids(`createdAfter=${encodeURIComponent(b.createdAt)}`)).toEqual([b.id]);
    expect(await ids(`createdBefore=${encodeURIComponent(a.createdAt)}`)).toEqual([a.id]);
    expect(await ids(`updatedAfter=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await ids(`updatedBefore=${encodeURIComponent(b.updatedAt)}&platformCustomerId=f-b`)).toEqual([b.id]);

    const unknown = await call("GET", "/customers?createdSince=2025-01-01&foo=1&limit=5", { auth: p.auth });
    expect(unknown.status).toBe(400);
    expectGridShape(gridError400, unknown.body);
    expect(unknown.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["createdSince", "foo"]);
    const bad = await call("GET", "/customers?isIncludingDeleted=yes&createdAfter=yesterday", { auth: p.auth });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "createdAfter",
      "isIncludingDeleted",
    ]);
  });

  it("unknown query parameters are refused on every operation, also those without any (shared query validation)", async () => {
    const p = await newPlatform();
    const c = (await create(p, individualBody("q-1"))).body;
    const r = await call("GET", `/customers/${c.id}?expand=accounts`, { auth: p.auth });
    expect(r.status).toBe(400);
    expect(r.body.details.errors).toEqual([{ field: "expand", message: "Unknown query parameter" }]);
    const cfg = await call("GET", "/config?verbose=1", { auth: p.auth });
    expect(cfg.status).toBe(400);
  });

  it("DELETE /customers/{id}: soft delete; isIncludingDeleted shows it; a second delete is 410; the platformCustomerId is free again", async () => {
    const p = await newPlatform();
    const c = (await create(p, individualBody("del-1"))).body;
    const del = await call("DELETE", `/customers/${c.id}`, { auth: p.auth });
    expect(del.status).toBe(200);
    expectGridShape(gridCustomer, del.body);
    expect(del.body).toMatchObject({ id: c.id, isDeleted: true });

    const get = await call("GET", `/customers/${c.id}`, { auth: p.auth });
    expect(get.status).toBe(200);
    expect(get.body.isDeleted).toBe(true);
    const list = await call("GET", "/customers", { auth: p.auth });
    expect(list.body.data.map((x: { id: string }) => x.id)).not.toContain(c.id);
    const all = await call("GET", "/customers?isIncludingDeleted=true", { auth: p.auth });
    expect(all.body.data.map((x: { id: string }) => x.id)).toContain(c.id);
    const notAll = await call("GET", "/customers?isIncludingDeleted=false", { auth: p.auth });
    expect(notAll.body.data).toEqual([]);

    const again = await call("DELETE", `/customers/${c.id}`, { auth: p.auth });
    expect(again.status).toBe(410);
    expectGridShape(gridError(410), again.body);
    const patch = await call("PATCH", `/customers/${c.id}`, { auth: p.auth, body: { fullName: "Back" } });
    expect(patch.body).toMatchObject({ status: 404, code: "USER_NOT_FOUND" });

    const reused = await create(p, individualBody("del-1"));
    expect(reused.status).toBe(201);
  });

  it("errors in Grid's shape: 401, 404 USER_NOT_FOUND, 409 CONFLICT, 405", async () => {
    const p = await newPlatform();
    const unauth = await call("GET", "/customers");
    expect(unauth.status).toBe(401);
    expectGridShape(gridError(401), unauth.body);
    const missing = await call("GET", "/customers/Customer:019542f5-b3e7-1d02-0000-000000000001", { auth: p.auth });
    expect(missing.status).toBe(404);
    expectGridShape(gridError(404), missing.body);
    expect(missing.body.code).toBe("USER_NOT_FOUND");
    const delMissing = await call("DELETE", "/customers/Customer:019542f5-b3e7-1d02-0000-000000000001", {
      auth: p.auth,
    });
    expectGridShape(gridError(404), delMissing.body);
    await create(p, individualBody("dup"));
    const dup = await create(p, individualBody("dup"));
    expect(dup.status).toBe(409);
    expectGridShape(gridError(409), dup.body);
    const put = await call("PUT", "/customers", { auth: p.auth, body: {} });
    expect(put.status).toBe(405);
    expectGridShape(gridError(405), put.body);
  });
});
