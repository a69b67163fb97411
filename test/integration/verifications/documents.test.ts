import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inject } from "vitest";
import S3rver from "s3rver";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import { JPEG, PNG, ownerInfo, pdf, sendDocument, uploadDoc } from "../../support/compliance";
import { bare, sql } from "../../support/credentials";
import { fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";
import { tempDir, type RunningServer } from "../../support/server";

const paperwork = () => newPlatform({ settings: { skipVerificationPaperwork: false } });

async function customer(p: TestPlatform, body: Record<string, unknown> = {}) {
  const r = await call("POST", "/customers", {
    auth: p.auth,
    body: { customerType: "INDIVIDUAL", fullName: "Jane Doe", ...body },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; kycStatus: string };
}

/** A customer with every KYC field; only the identity document is missing. */
const completeIndividual = (fullName: string) => ({
  fullName,
  birthDate: "1990-01-15",
  nationality: "US",
  idType: "SSN",
  identifier: "111-22-3333",
  address: { line1: "123 Main St", city: "Seattle", state: "WA", postalCode: "98101", country: "US" },
});

const download = (p: TestPlatform, id: string, base?: string) =>
  fetch(`${base ?? `${inject("baseUrl")}/api/2025-10-13`}/documents/${id}/file`, {
    headers: { authorization: p.auth },
  });

describe("documents", () => {
  it("upload, get, list by holder (paginated), download; the content type comes from the bytes", async () => {
    const p = await paperwork();
    const c = await customer(p);
    const up = await sendDocument(
      p,
      {
        documentHolder: c.id,
        documentType: "PASSPORT",
        country: "US",
        documentNumber: "A123",
        issuingAuthority: "U.S. Department of State",
      },
      { bytes: PNG, name: "passport.pdf", type: "application/pdf" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body).toMatchObject({
      id: expect.stringMatching(/^Document:/),
      documentHolder: c.id,
      documentType: "PASSPORT",
      country: "US",
      documentNumber: "A123",
      fileName: "passport.pdf",
    });
    const got = await call("GET", `/documents/${up.body.id}`, { auth: p.auth });
    expect(got.body).toEqual(up.body);
    const file = await download(p, up.body.id);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("cache-control")).toBe("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    const second = await uploadDoc(p, c.id, "UTILITY_BILL", JPEG);
    const third = await uploadDoc(p, c.id, "BANK_STATEMENT");
    const other = await customer(p);
    await uploadDoc(p, other.id, "PASSPORT");
    const page1 = await call("GET", `/documents?documentHolder=${encodeURIComponent(c.id)}&limit=2`, { auth: p.auth });
    expect(page1.body.data.map((d: any) => d.id)).toEqual([up.body.id, second.id]);
    const page2 = await call(
      "GET",
      `/documents?documentHolder=${encodeURIComponent(c.id)}&limit=2&cursor=${page1.body.nextCursor}`,
      { auth: p.auth },
    );
    expect(page2.body).toMatchObject({ data: [{ id: third.id }], hasMore: false });
    expect((await call("GET", "/documents", { auth: p.auth })).body.data).toHaveLength(4);
  });

  it("refuses what is not a PDF, JPEG or PNG (whatever the header), an empty or too large file, every missing field at once, and non-multipart bodies", async () => {
    const p = await paperwork();
    const c = await customer(p);
    const html = await sendDocument(
      p,
      { documentHolder: c.id, documentType: "PASSPORT", country: "US" },
      { bytes: Buffer.from("<html><script>x</script></html>"), type: "image/png", name: "x.png" },
    );
    expect(html.status).toBe(400);
    expect(html.body.details.errors[0].field).toBe("file");
    const empty = await sendDocument(
      p,
      { documentHolder: c.id, documentType: "PASSPORT", country: "US" },
      { bytes: new Uint8Array(0) },
    );
    expect(empty.status).toBe(400);
    const big = Buffer.concat([pdf(), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await sendDocument(
      p,
      { documentHolder: c.id, documentType: "PASSPORT", country: "US" },
      { bytes: big },
    );
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details.maxBytes).toBe(10 * 1024 * 1024);
    const huge = await sendDocument(
      p,
      { documentHolder: c.id, documentType: "PASSPORT", country: "US" },
      { bytes: Buffer.alloc(11 * 1024 * 1024) },
    );
    expect(huge.status).toBe(413);
    const missing = await sendDocument(p, { documentType: "PASSPORTX" }, null);
    expect(missing.status).toBe(400);
    expect(missing.body.details.errors.map((e: any) => e.field).sort()).toEqual([
      "country",
      "documentHolder",
      "documentType",
      "file",
    ]);
    const json = await call("POST", "/documents", { auth: p.auth, body: { documentHolder: c.id } });
    expect(json.status).toBe(415);
    const badHolder = await sendDocument(p, { documentHolder: "Agent:x", documentType: "PASSPORT", country: "US" });
    expect(badHolder.body.details.errors[0].field).toBe("documentHolder");
    expect(await sql((q) => q`select count(*)::int as n from documents where customer_id = ${bare(c.id)}`)).toEqual([
      { n: 0 },
    ]);
  });

  it("replace swaps file and metadata and drops the old object; delete removes both; delete 409, replace 400 once submitted", async () => {
    const p = await paperwork();
    const c = await customer(p, completeIndividual("Jane Doe 001"));
    const d = await uploadDoc(p, c.id, "PASSPORT", pdf("first"));
    const put = await sendDocument(
      p,
      { documentType: "DRIVERS_LICENSE", side: "FRONT", country: "CA" },
      { bytes: JPEG, name: "dl.jpg" },
      { method: "PUT", path: `/documents/${d.id}` },
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({
      id: d.id,
      documentType: "DRIVERS_LICENSE",
      side: "FRONT",
      country: "CA",
      fileName: "dl.jpg",
    });
    expect(Buffer.from(await (await download(p, d.id)).arrayBuffer()).equals(JPEG)).toBe(true);
    expect(
      await sql(
        (q) => q`select count(*)::int as n from document_blobs where key like ${`documents/%/${bare(d.id)}/%`}`,
      ),
    ).toEqual([{ n: 1 }]);

    const spare = await uploadDoc(p, c.id, "UTILITY_BILL");
    expect((await call("DELETE", `/documents/${spare.id}`, { auth: p.auth })).status).toBe(204);
    expect((await call("GET", `/documents/${spare.id}`, { auth: p.auth })).body.code).toBe("DOCUMENT_NOT_FOUND");
    expect(
      await sql(
        (q) => q`select count(*)::int as n from document_blobs where key like ${`documents/%/${bare(spare.id)}/%`}`,
      ),
    ).toEqual([{ n: 0 }]);

    const v = await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } });
    expect(v.body.verificationStatus).toBe("PENDING_MANUAL_REVIEW");
    const del = await call("DELETE", `/documents/${d.id}`, { auth: p.auth });
    expect(del.status).toBe(409);
    const rep = await sendDocument(
      p,
      { documentType: "PASSPORT", country: "US" },
      { bytes: PNG },
      { method: "PUT", path: `/documents/${d.id}` },
    );
    // Grid documents no 409 for PUT: a submitted document's replacement is a 400.
    expect(rep.status).toBe(400);
    expect(rep.body).toMatchObject({ code: "INVALID_INPUT", details: { reason: "DOCUMENT_SUBMITTED" } });
  });

  it("replacing a document of an APPROVED customer answers 400 INVALID_INPUT (a status Grid documents for PUT), not 409", async () => {
    const p = await paperwork();
    const c = await customer(p, completeIndividual("Jane Doe"));
    const d = await uploadDoc(p, c.id, "PASSPORT", pdf("first"));
    const v = await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } });
    expect(v.body.verificationStatus).toBe("APPROVED");
    const rep = await sendDocument(
      p,
      { documentType: "PASSPORT", country: "US" },
      { bytes: PNG },
      { method: "PUT", path: `/documents/${d.id}` },
    );
    expect(rep.status).toBe(400);
    expect(rep.body).toMatchObject({
      code: "INVALID_INPUT",
      details: { reason: "DOCUMENT_SUBMITTED", kycStatus: "APPROVED" },
    });
    // Nothing changed: the stored file is still the first one.
    expect(Buffer.from(await (await download(p, d.id)).arrayBuffer()).equals(Buffer.from(pdf("first")))).toBe(true);
  });

  it("is isolated between tenants: get, replace, delete, download and list", async () => {
    const p = await paperwork();
    const c = await customer(p);
    const d = await uploadDoc(p, c.id, "PASSPORT");
    const other = await paperwork();
    for (const [m, path_] of [
      ["GET", `/documents/${d.id}`],
      ["DELETE", `/documents/${d.id}`],
    ] as const) {
      const r = await call(m, path_, { auth: other.auth });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("DOCUMENT_NOT_FOUND");
    }
    const put = await sendDocument(
      other,
      { documentType: "PASSPORT", country: "US" },
      { bytes: PNG },
      { method: "PUT", path: `/documents/${d.id}` },
    );
    expect(put.status).toBe(404);
    const dl = await download(other, d.id);
    expect(dl.status).toBe(404);
    expect((await dl.json()).code).toBe("DOCUMENT_NOT_FOUND");
    expect(
      (await call("GET", `/documents?documentHolder=${encodeURIComponent(c.id)}`, { auth: other.auth })).body.data,
    ).toEqual([]);
    const up = await sendDocument(other, { documentHolder: c.id, documentType: "PASSPORT", country: "US" });
    expect(up.status).toBe(404);
    expect(up.body.code).toBe("USER_NOT_FOUND");
    expect((await download(p, d.id)).status).toBe(200);
  });

  it("a database dump shows no document bytes in clear", async () => {
    const p = await paperwork();
    const c = await customer(p);
    const marker = `CANARY-${Math.random().toString(36).slice(2)}-PASSPORT-SCAN`;
    const d = await uploadDoc(p, c.id, "PASSPORT", pdf(marker));
    const dump = execFileSync("pg_dump", ["--data-only", inject("databaseUrl")], {
      maxBuffer: 512 * 1024 * 1024,
    }).toString("latin1");
    expect(dump).toContain(bare(d.id));
    for (const enc of ["utf8", "base64", "base64url", "hex"] as const) {
      expect(dump).not.toContain(Buffer.from(marker).toString(enc).slice(0, 24));
    }
    const [blob] = await sql(
      (q) => q`select ciphertext from document_blobs where key like ${`documents/%/${bare(d.id)}/%`}`,
    );
    expect(String(blob.ciphertext)).toMatch(/^v1\./);
    expect(Buffer.from(await (await download(p, d.id)).arrayBuffer()).toString()).toContain(marker);
  });
});

describe("KYC/KYB outcomes with complete data (sandbox suffixes)", () => {
  it("KYC: none → APPROVED (money moves), 001 → PENDING_MANUAL_REVIEW, 002 → REJECTED, 003 → POOR_QUALITY_DOCUMENT; events in the outbox", async () => {
    const p = await paperwork();
    const results: Record<string, unknown> = {};
    let docOf003 = "";
    let approvedId = "";
    for (const suffix of ["", " 001", " 002", " 003"]) {
      const c = await customer(p, completeIndividual(`Jane Doe${suffix}`));
      const doc = await uploadDoc(p, c.id, "PASSPORT");
      if (suffix === " 003") docOf003 = doc.id;
      if (suffix === "") approvedId = c.id;
      const v = await call("POST", "/verifications", { auth: p.auth, body: { customerId: c.id } });
      const after = await call("GET", `/customers/${c.id}`, { auth: p.auth });
      results[suffix.trim() || "none"] = [
        v.body.verificationStatus,
        after.body.kycStatus,
        v.body.errors.map((e: any) => `${e.type}:${e.resourceId}`),
      ];
    }
    expect(results).toEqual({
      none: ["APPROVED", "APPROVED", []],
      "001": ["PENDING_MANUAL_REVIEW", "PENDING", []],
      "002": ["REJECTED", "REJECTED", []],
      "003": ["RESOLVE_ERRORS", "UNVERIFIED", [`POOR_QUALITY_DOCUMENT:${docOf003}`]],
    });
    const events = await sql((q) => q`select type from outbox_events where platform_id = ${bare(p.id)} order by id`);
    const types = events.map((e) => e.type);
    for (const t of [
      "VERIFICATION.APPROVED",
      "CUSTOMER.KYC_APPROVED",
      "VERIFICATION.PENDING_MANUAL_REVIEW",
      "CUSTOMER.KYC_PENDING",
      "VERIFICATION.REJECTED",
      "CUSTOMER.KYC_REJECTED",
      "VERIFICATION.RESOLVE_ERRORS",
    ]) {
      expect(types).toContain(t);
    }
    const [approvedEvent] = await sql(
      (q) => q`select data from outbox_events where type = 'CUSTOMER.KYC_APPROVED' and data->>'id' = ${approvedId}`,
    );
    expect((approvedEvent.data as any).kycStatus).toBe("APPROVED");
  });

  it("an approved customer moves money; a rename keeps APPROVED", async () => {
    const p = await paperwork();
    const a = await moneyCustomer(p, ["USD"]);
    await call("PATCH", `/customers/${a.customer.id}`, { auth: p.auth, body: completeIndividual("Money User") });
    await uploadDoc(p, a.customer.id, "NATIONAL_ID");
    expect(
      (await call("POST", "/verifications", { auth: p.auth, body: { customerId: a.customer.id } })).body
        .verificationStatus,
    ).toBe("APPROVED");
    const renamed = await call("PATCH", `/customers/${a.customer.id}`, {
      auth: p.auth,
      body: { fullName: "Money User 002" },
    });
    expect(renamed.body.kycStatus).toBe("APPROVED");
    await fund(p, a.accounts.USD, 10_000);
    const ext = await usdExternal(p, a.customer.id);
    const q = await call("POST", "/quotes", { auth: p.auth, body: quoteBody(a.accounts.USD, ext, 1000) });
    expect(q.status, JSON.stringify(q.body)).toBe(201);
  });

  it("KYB: complete business with documents and an owner → APPROVED, the owner resolves with it", async () => {
    const p = await paperwork();
    const b = await call("POST", "/customers", {
      auth: p.auth,
      body: {
        customerType: "BUSINESS",
        businessInfo: {
          legalName: "Acme Ltd",
          registrationNumber: "REG-77",
          taxId: "12-3456789",
          country: "US",
          incorporatedOn: "2015-01-01",
        },
        address: { line1: "1 Main", city: "Austin", postalCode: "73301", country: "US" },
      },
    });
    const owner = await call("POST", "/beneficial-owners", {
      auth: p.auth,
      body: {
        customerId: b.body.id,
        roles: ["UBO"],
        ownershipPercentage: 100,
        personalInfo: ownerInfo({ lastName: "Owner 002" }),
      },
    });
    for (const t of ["CERTIFICATE_OF_INCORPORATION", "SHAREHOLDER_REGISTER", "UTILITY_BILL"])
      await uploadDoc(p, b.body.id, t);
    await uploadDoc(p, owner.body.id, "PASSPORT");
    const ownerDocs = await call("GET", `/documents?documentHolder=${encodeURIComponent(owner.body.id)}`, {
      auth: p.auth,
    });
    expect(ownerDocs.body.data).toMatchObject([{ documentHolder: owner.body.id }]);
    const v = await call("POST", "/verifications", { auth: p.auth, body: { customerId: b.body.id } });
    expect(v.body).toMatchObject({ verificationStatus: "APPROVED", errors: [] });
    expect((await call("GET", `/customers/${b.body.id}`, { auth: p.auth })).body.kybStatus).toBe("APPROVED");
    expect((await call("GET", `/beneficial-owners/${owner.body.id}`, { auth: p.auth })).body.kycStatus).toBe(
      "REJECTED",
    );
    const [ev] = await sql(
      (q) =>
        q`select count(*)::int as n from outbox_events where type = 'CUSTOMER.KYB_APPROVED' and data->>'id' = ${b.body.id}`,
    );
    expect(ev.n).toBe(1);
  });
});

describe("documents in an S3-compatible store (s3rver on loopback)", () => {
  let s3: S3rver;
  let dir: string;
  let peer: RunningServer;
  beforeAll(async () => {
    dir = tempDir("s3rver-");
    s3 = new S3rver({
      port: 0,
      address: "127.0.0.1",
      silent: true,
      directory: dir,
      configureBuckets: [{ name: "kyc-docs" }],
    });
    const { port } = await s3.run();
    peer = await startPeerServer({
      DOCUMENT_STORE: "s3",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: "kyc-docs",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    });
  }, 120_000);
  afterAll(async () => {
    await peer?.stop();
    await s3?.close();
  });

  it("stores only ciphertext in the bucket, nothing in document_blobs, and reads it back", async () => {
    const p = await paperwork();
    const c = await customer(p);
    const base = `${peer.url}/api/2025-10-13`;
    const marker = `S3-CANARY-${Math.random().toString(36).slice(2)}`;
    const up = await sendDocument(
      p,
      { documentHolder: c.id, documentType: "PASSPORT", country: "US" },
      { bytes: pdf(marker) },
      { base },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(await sql((q) => q`select storage from documents where id = ${bare(up.body.id)}`)).toEqual([
      { storage: "s3" },
    ]);
    expect(
      await sql(
        (q) => q`select count(*)::int as n from document_blobs where key like ${`documents/%/${bare(up.body.id)}/%`}`,
      ),
    ).toEqual([{ n: 0 }]);
    const files = (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((f) => path.join(dir, f))
      .filter((f) => fs.statSync(f).isFile());
    const contents = files.map((f) => fs.readFileSync(f, "latin1")).join("\n");
    expect(contents).toContain("v1.");
    expect(contents).not.toContain(marker);
    const file = await download(p, up.body.id, base);
    expect(Buffer.from(await file.arrayBuffer()).toString()).toContain(marker);
    const del = await fetch(`${base}/documents/${up.body.id}`, {
      method: "DELETE",
      headers: { authorization: p.auth },
    });
    expect(del.status).toBe(204);
    const after = (fs.readdirSync(dir, { recursive: true }) as string[])
      .map((f) => path.join(dir, f))
      .filter((f) => fs.statSync(f).isFile());
    expect(after.map((f) => fs.readFileSync(f, "latin1")).join("\n")).not.toContain("v1.");
  });
});
