import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { ownerInfo } from "../../support/compliance";

async function business(p: TestPlatform, registrationNumber = "REG-1") {
  const r = await call("POST", "/customers", {
    auth: p.auth,
    body: {
      customerType: "BUSINESS",
      businessInfo: {
        legalName: "Acme Ltd",
        registrationNumber,
        country: "US",
        incorporatedOn: "2015-01-01",
        taxId: "12-3456789",
      },
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

describe("beneficial owners", () => {
  it("create for a BUSINESS customer: identifier write-only and encrypted at rest; get; patch merges", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: false } });
    const b = await business(p);
    const r = await call("POST", "/beneficial-owners", {
      auth: p.auth,
      body: { customerId: b.id, roles: ["UBO", "DIRECTOR"], ownershipPercentage: 60, personalInfo: ownerInfo() },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^BeneficialOwner:/),
      customerId: b.id,
      roles: ["UBO", "DIRECTOR"],
      ownershipPercentage: 60,
      kycStatus: "UNVERIFIED",
      personalInfo: { firstName: "Olivia", lastName: "Owner", idType: "SSN" },
    });
    expect(JSON.stringify(r.body)).not.toContain("987-65-4321");
    const [row] = await sql(
      (q) =>
        q`select personal_info::text as p, identifier_encrypted as e from beneficial_owners where id = ${bare(r.body.id)}`,
    );
    expect(row.p).not.toContain("987-65-4321");
    expect(String(row.e)).toMatch(/^v1\./);

    const patched = await call("PATCH", `/beneficial-owners/${r.body.id}`, {
      auth: p.auth,
      body: { ownershipPercentage: 30, personalInfo: { middleName: "Q" } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      ownershipPercentage: 30,
      personalInfo: { firstName: "Olivia", middleName: "Q" },
    });
    const got = await call("GET", `/beneficial-owners/${r.body.id}`, { auth: p.auth });
    expect(got.body).toEqual(patched.body);
    const bad = await call("PATCH", `/beneficial-owners/${r.body.id}`, {
      auth: p.auth,
      body: { ownershipPercentage: 101, personalInfo: { birthDate: "x" } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      "ownershipPercentage",
      "personalInfo.birthDate",
    ]);
  });

  it("refuses INDIVIDUAL customers, lists every invalid field, and KYB stops asking once an owner exists", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: false } });
    const ind = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Ind" },
    });
    const r = await call("POST", "/beneficial-owners", {
      auth: p.auth,
      body: { customerId: ind.body.id, roles: ["UBO"], ownershipPercentage: 25, personalInfo: ownerInfo() },
    });
    expect(r.status).toBe(400);
    expect(r.body.details.errors[0].field).toBe("customerId");
    const empty = await call("POST", "/beneficial-owners", { auth: p.auth, body: {} });
    expect(empty.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      "customerId",
      "ownershipPercentage",
      "personalInfo",
      "roles",
    ]);

    const b = await business(p);
    const before = await call("POST", "/verifications", { auth: p.auth, body: { customerId: b.id } });
    expect(before.body.errors.map((e: any) => e.type)).toContain("MISSING_BENEFICIAL_OWNER");
    await call("POST", "/beneficial-owners", {
      auth: p.auth,
      body: { customerId: b.id, roles: ["UBO"], ownershipPercentage: 25, personalInfo: ownerInfo() },
    });
    const after = await call("POST", "/verifications", { auth: p.auth, body: { customerId: b.id } });
    expect(after.body.errors.map((e: any) => e.type)).not.toContain("MISSING_BENEFICIAL_OWNER");
  });

  it("an owner of a settled business resolves by the lastName suffix", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: true } });
    const b = await business(p);
    expect(b.kybStatus).toBe("APPROVED");
    const statuses: Record<string, string> = {};
    for (const lastName of ["Smith", "Smith 001", "Smith 002"]) {
      const r = await call("POST", "/beneficial-owners", {
        auth: p.auth,
        body: { customerId: b.id, roles: ["UBO"], ownershipPercentage: 30, personalInfo: ownerInfo({ lastName }) },
      });
      statuses[lastName] = r.body.kycStatus;
    }
    expect(statuses).toEqual({ Smith: "APPROVED", "Smith 001": "PENDING", "Smith 002": "REJECTED" });
  });

  it("lists by customer, paginated; another tenant sees 404 and an empty list", async () => {
    const p = await newPlatform();
    const b = await business(p);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call("POST", "/beneficial-owners", {
        auth: p.auth,
        body: {
          customerId: b.id,
          roles: ["UBO"],
          ownershipPercentage: 25,
          personalInfo: ownerInfo({ firstName: `O${i}` }),
        },
      });
      ids.push(r.body.id);
    }
    const p1 = await call("GET", `/beneficial-owners?customerId=${encodeURIComponent(b.id)}&limit=2`, { auth: p.auth });
    expect(p1.body.data.map((o: any) => o.id)).toEqual(ids.slice(0, 2));
    const p2 = await call(
      "GET",
      `/beneficial-owners?customerId=${encodeURIComponent(b.id)}&limit=2&cursor=${p1.body.nextCursor}`,
      { auth: p.auth },
    );
    expect(p2.body).toMatchObject({ data: [{ id: ids[2] }], hasMore: false });
    expect((await call("GET", "/beneficial-owners", { auth: p.auth })).status).toBe(400);

    const other = await newPlatform();
    for (const [m, body] of [
      ["GET", undefined],
      ["PATCH", { ownershipPercentage: 1 }],
    ] as const) {
      const r = await call(m, `/beneficial-owners/${ids[0]}`, { auth: other.auth, body });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("BENEFICIAL_OWNER_NOT_FOUND");
    }
    expect(
      (await call("GET", `/beneficial-owners?customerId=${encodeURIComponent(b.id)}`, { auth: other.auth })).body.data,
    ).toEqual([]);
    const create = await call("POST", "/beneficial-owners", {
      auth: other.auth,
      body: { customerId: b.id, roles: ["UBO"], ownershipPercentage: 25, personalInfo: ownerInfo() },
    });
    expect(create.status).toBe(404);
    expect(create.body.code).toBe("USER_NOT_FOUND");
  });
});
