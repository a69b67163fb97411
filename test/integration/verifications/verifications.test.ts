import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

/** A platform that does the verification paperwork (the default of a real sandbox platform). */
const paperworkPlatform = () => newPlatform({ settings: { skipVerificationPaperwork: false } });

async function individual(p: TestPlatform, body: Record<string, unknown> = {}) {
  const r = await call("POST", "/customers", {
    auth: p.auth,
    body: { customerType: "INDIVIDUAL", fullName: "Jane Doe", ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
}

const outbox = (customerUuid: string) =>
  sql(
    (q) =>
      q`select type, data from outbox_events where data->>'customerId' = ${`Customer:${customerUuid}`} or data->>'id' = ${`Customer:${customerUuid}`} order by id`,
  );

describe("KYC/KYB verifications", () => {
  it("a new sandbox customer starts UNVERIFIED and cannot move money (403 USER_NOT_READY)", async () => {
    const p = await paperworkPlatform();
    const a = await moneyCustomer(p, ["USD"]);
    expect(a.customer.kycStatus).toBe("UNVERIFIED");
    await fund(p, a.accounts.USD, 10_000);
    const ext = await usdExternal(p, a.customer.id);
    const q = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, ext, 1000) });
    expect(q.status).toBe(403);
    expect(q.body).toMatchObject({ code: "USER_NOT_READY", details: { kycStatus: "UNVERIFIED" } });
    const tin = await call("POST", "/transfer-in", {
      auth: p.auth,
      body: { source: { accountId: ext }, destination: { accountId: a.accounts.USD }, amount: 100 },
    });
    expect(tin.status).toBe(403);
    expect(tin.body.code).toBe("USER_NOT_READY");
  });

  it("an incomplete submission answers RESOLVE_ERRORS with one entry per problem, whatever the suffix", async () => {
    const p = await paperworkPlatform();
    const c = await individual(p, {
      fullName: "Jane Doe 002",
      nationality: "US",
      address: { line1: "1 Main St", postalCode: "98101", country: "US" },
    });
    const r = await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      id: expect.stringMatching(/^Verification:/),
      customerId: c.id,
      verificationStatus: "RESOLVE_ERRORS",
    });
    const byField = r.body.errors
      .filter((e: any) => e.type === "MISSING_FIELD")
      .map((e: any) => e.field)
      .sort();
    expect(byField).toEqual(["address.city", "birthDate", "idType", "identifier"]);
    for (const e of r.body.errors) expect(e.resourceId).toBe(c.id);
    const doc = r.body.errors.find((e: any) => e.type === "MISSING_IDENTITY_DOCUMENT");
    expect(doc.acceptedDocumentTypes).toEqual(["PASSPORT", "DRIVERS_LICENSE", "NATIONAL_ID"]);
    expect(r.body.errors).toHaveLength(5);
    // idType/identifier are asked of US individuals only.
    const fr = await individual(p, {
      nationality: "FR",
      birthDate: "1990-01-15",
      address: { line1: "1 rue", city: "Paris", postalCode: "75001", country: "FR" },
    });
    const r2 = await call("POST", "/verifications", { auth: p.auth, body: { customerId: fr.id } });
    expect(r2.body.errors.map((e: any) => e.type)).toEqual(["MISSING_IDENTITY_DOCUMENT"]);
    const still = await call("GET", `/customers/${c.id}`, { auth: p.auth });
    expect(still.body.kycStatus).toBe("UNVERIFIED");
  });

  it("KYB lists business fields, the three business documents and a beneficial owner", async () => {
    const p = await paperworkPlatform();
    const b = await call("POST", "/customers", {
      auth: p.auth,
      body: {
        customerType: "BUSINESS",
        businessInfo: { legalName: "Acme Ltd", country: "US", incorporatedOn: "2015-01-01", taxId: "12-3456789" },
      },
    });
    expect(b.body.kybStatus).toBe("UNVERIFIED");
    const r = await call("POST", "/verifications", { auth: p.auth, body: { customerId: b.body.id } });
    expect(r.body.verificationStatus).toBe("RESOLVE_ERRORS");
    expect(r.body.errors.map((e: any) => e.field ?? e.type)).toEqual([
      "registrationNumber",
      "address",
      "MISSING_LEGAL_PRESENCE_DOCUMENT",
      "MISSING_OWNERSHIP_STRUCTURE_DOCUMENT",
      "MISSING_PROOF_OF_ADDRESS_DOCUMENT",
      "MISSING_BENEFICIAL_OWNER",
    ]);
  });

  it("the identifier is write-only and stored only encrypted", async () => {
    const p = await paperworkPlatform();
    const c = await individual(p, { idType: "SSN", identifier: "111-22-3333" });
    expect(JSON.stringify(c)).not.toContain("111-22-3333");
    expect(c.idType).toBe("SSN");
    const patched = await call("PATCH", `/customers/${c.id}`, { auth: p.auth, body: { identifier: "444-55-6666" } });
    expect(patched.status).toBe(200);
    const [row] = await sql((q) => q`select profile::text as p from customers where id = ${bare(c.id)}`);
    expect(row.p).not.toContain("444-55-6666");
    expect(row.p).not.toContain("111-22-3333");
    expect(row.p).toContain("identifierEncrypted");
  });

  it("the platform option skips the paperwork: Grid's creation-time suffix table; a rename does not overwrite a settled status", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: true } });
    expect((await individual(p, { fullName: "Ann 001" })).kycStatus).toBe("PENDING");
    expect((await individual(p, { fullName: "Ann 003" })).kycStatus).toBe("UNVERIFIED");
    const rejected = await individual(p, { fullName: "Ann 002" });
    expect(rejected.kycStatus).toBe("REJECTED");
    const approved = await individual(p, { fullName: "Ann" });
    expect(approved.kycStatus).toBe("APPROVED");
    const renamed = await call("PATCH", `/customers/${approved.id}`, { auth: p.auth, body: { fullName: "Ann 002" } });
    expect(renamed.body.kycStatus).toBe("APPROVED");
    const back = await call("PATCH", `/customers/${rejected.id}`, { auth: p.auth, body: { fullName: "Ann" } });
    expect(back.body.kycStatus).toBe("REJECTED");
    for (const c of [approved, rejected]) {
      const again = await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } });
      expect(again.status).toBe(400);
      expect(again.body.details.kycStatus).toBe(c.kycStatus);
    }
    // The option is a PATCH /config setting; it is off by default.
    const fresh = await call("GET", "/config", { auth: (await paperworkPlatform()).auth });
    expect(fresh.body).toMatchObject({ skipVerificationPaperwork: false, isRegulatedFinancialInstitution: false });
  });

  it("a regulated platform's customers are APPROVED at creation", async () => {
    const p = await newPlatform({
      environment: "PRODUCTION",
      settings: { isRegulatedFinancialInstitution: true, skipVerificationPaperwork: false },
    });
    expect((await individual(p)).kycStatus).toBe("APPROVED");
    const unregulated = await newPlatform({ environment: "PRODUCTION" });
    expect((await individual(unregulated, { fullName: "Bob" })).kycStatus).toBe("UNVERIFIED");
    const r = await call("PATCH", "/config", {
      auth: unregulated.auth,
      body: { isRegulatedFinancialInstitution: true },
    });
    expect(r.status).toBe(400);
  });

  it("every submission is a Verification with a VERIFICATION.* event in the outbox; list filters and paginates; get; tenants isolated", async () => {
    const p = await paperworkPlatform();
    const c = await individual(p);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } })).body.id);
    const events = await outbox(bare(c.id));
    expect(events.filter((e) => e.type === "VERIFICATION.RESOLVE_ERRORS").map((e) => (e.data as any).id)).toEqual(ids);
    const page1 = await call("GET", `/verifications?customerId=${encodeURIComponent(c.id)}&limit=2`, { auth: p.auth });
    expect(page1.body.data.map((v: any) => v.id)).toEqual(ids.slice(0, 2));
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call(
      "GET",
      `/verifications?customerId=${encodeURIComponent(c.id)}&limit=2&cursor=${page1.body.nextCursor}`,
      { auth: p.auth },
    );
    expect(page2.body).toMatchObject({ data: [{ id: ids[2] }], hasMore: false });
    const none = await call("GET", `/verifications?verificationStatus=APPROVED`, { auth: p.auth });
    expect(none.body.data).toEqual([]);
    const got = await call("GET", `/verifications/${ids[0]}`, { auth: p.auth });
    expect(got.body).toMatchObject({ id: ids[0], customerId: c.id, verificationStatus: "RESOLVE_ERRORS" });

    const other = await paperworkPlatform();
    const g = await call("GET", `/verifications/${ids[0]}`, { auth: other.auth });
    expect(g.status).toBe(404);
    expect(g.body.code).toBe("VERIFICATION_NOT_FOUND");
    expect((await call("GET", "/verifications", { auth: other.auth })).body.data).toEqual([]);
    const s = await call("POST", "/verifications", { auth: other.auth, body: { customerId: c.id } });
    expect(s.status).toBe(404);
    expect(s.body.code).toBe("USER_NOT_FOUND");
    const l = await call("POST", `/customers/${c.id}/kyc-link`, { auth: other.auth });
    expect(l.status).toBe(404);
  });

  it("kyc-link: a fresh single-use link each call, stored only as a digest; the status does not change", async () => {
    const p = await paperworkPlatform();
    const c = await individual(p);
    const a = await call("POST", `/customers/${c.id}/kyc-link`, {
      auth: p.auth,
      body: { redirectUri: "https://app.example.com/done" },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ kycUrl: expect.stringMatching(/\/kyc\/[A-Za-z0-9_-]{43}$/), provider: "SUMSUB" });
    expect(Date.parse(a.body.expiresAt) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    const b = await call("POST", `/customers/${c.id}/kyc-link`, { auth: p.auth });
    expect(b.body.kycUrl).not.toBe(a.body.kycUrl);
    const token = a.body.kycUrl.split("/").pop();
    const rows = await sql((q) => q`select token_digest from kyc_links where customer_id = ${bare(c.id)}`);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(token);
    const bad = await call("POST", `/customers/${c.id}/kyc-link`, { auth: p.auth, body: { redirectUri: "ftp://x" } });
    expect(bad.status).toBe(400);
    expect((await call("GET", `/customers/${c.id}`, { auth: p.auth })).body.kycStatus).toBe("UNVERIFIED");
  });
});
