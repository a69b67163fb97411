/**
 * Findings of a security review (labelled A5…A19), each reproduced against the running server, and refused:
 * A5 OpenID fetches, A6 hosted KYC, A9 token grants, A10 deleted customers, A11 TOTP replay, A12 SCA region,
 * A14 document writes, A17 reveal page HEAD and edge, A18 console sessions, A19 HSTS, download names, UMA addresses.
 * (A7 is in stablecoins.test.ts, A13 and the demo secret in security-own-server.test.ts.)
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { baseUrl, call, newPlatform, type TestPlatform } from "../../support/api";
import { PNG, sendDocument, uploadDoc } from "../../support/compliance";
import { bare, setPlatformEnvironment, sql } from "../../support/credentials";
import { cardholder } from "../../support/money";
import { newWalletUser, sdkFor } from "../../support/wallet";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

/** A loopback HTTP server that answers `answer` and counts what reached it. */
async function canary(host: string, answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? "");
    answer(req, res);
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://${host}:${port}`, hits, close: () => new Promise((r) => server.close(r)) };
}

/** An unsigned-looking JWT naming `iss`: the key fetch comes before any signature check. */
function tokenFrom(iss: string) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const now = Math.floor(Date.now() / 1000);
  return `${b64({ alg: "ES256", kid: "k1", typ: "JWT" })}.${b64({ iss, sub: "s", aud: "app", iat: now, exp: now + 600 })}.${Buffer.from("sig").toString("base64url")}`;
}

describe("A5: OpenID issuers under the webhook destination rules", () => {
  const SECRET_BODY = "CANARY-UPSTREAM-CONTENT";
  let privateTarget: Awaited<ReturnType<typeof canary>>;
  let issuer: Awaited<ReturnType<typeof canary>>;
  beforeAll(async () => {
    // 127.0.0.2: loopback, not on the suite's OIDC_ALLOWED_HOSTS (127.0.0.1).
    privateTarget = await canary("127.0.0.2", (_q, s) => s.end(SECRET_BODY));
    // An issuer the deployment trusts, whose discovery document points its keys at the private target, or answers
    // with content that must not come back in our message.
    issuer = await canary("127.0.0.1", (req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/private/.well-known/openid-configuration")
        res.end(JSON.stringify({ issuer: `${issuer.url}/private`, jwks_uri: `${privateTarget.url}/jwks` }));
      else if (req.url === "/other/.well-known/openid-configuration")
        res.end(JSON.stringify({ issuer: SECRET_BODY, jwks_uri: `${issuer.url}/jwks` }));
      else res.writeHead(500).end(SECRET_BODY);
    });
  });
  afterAll(async () => {
    await privateTarget?.close();
    await issuer?.close();
  });

  it("PATCH /config refuses loopback, private, link-local and plain-http issuers and jwksUri on production", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const r = await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        oidc: {
          issuers: [
            { issuer: "https://127.0.0.2/", audiences: ["app"] },
            { issuer: "https://accounts.example.com", audiences: ["app"], jwksUri: "https://169.254.169.254/keys" },
            { issuer: "http://example.com", audiences: ["app"] },
            { issuer: "https://10.1.2.3", audiences: ["app"] },
          ],
        },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(400);
    expect(r.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "oidc.issuers.0.issuer",
      "oidc.issuers.1.jwksUri",
      "oidc.issuers.2.issuer",
      "oidc.issuers.3.issuer",
    ]);
  });

  it("a configured or discovered jwks_uri at a private address is never fetched, and nothing upstream is echoed", async () => {
    const p = await newPlatform({
      settings: {
        oidc: {
          issuers: [
            // As an older configuration could hold them (written before the PATCH check).
            { issuer: `${issuer.url}/configured`, audiences: ["app"], jwksUri: `${privateTarget.url}/keys` },
            { issuer: `${issuer.url}/private`, audiences: ["app"] },
            { issuer: `${issuer.url}/other`, audiences: ["app"] },
            { issuer: `${issuer.url}/broken`, audiences: ["app"], jwksUri: `${issuer.url}/broken/jwks` },
          ],
        },
      } as never,
    });
    const client = sdkFor(p);
    const user = await newWalletUser(p, client);
    await setPlatformEnvironment(p, "PRODUCTION");
    for (const path of ["configured", "private", "other", "broken"]) {
      const r = await call("POST", "/auth/credentials", {
        auth: p.auth,
        body: { type: "OAUTH", accountId: user.accountId, oidcToken: tokenFrom(`${issuer.url}/${path}`) },
      });
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(503);
      expect(r.body.details.reason).toBe("OIDC_JWKS_UNAVAILABLE");
      expect(JSON.stringify(r.body)).not.toContain(SECRET_BODY);
    }
    expect(privateTarget.hits).toEqual([]);
  });
});

describe("A6: the hosted KYC link cannot rewrite a settled identity", () => {
  const FIELDS = {
    fullName: "Jane Doe",
    birthDate: "1990-01-31",
    nationality: "DE",
    line1: "1 Hauptstr.",
    city: "Berlin",
    postalCode: "10115",
    country: "DE",
    documentType: "PASSPORT",
  };
  const form = (fields: Record<string, string>) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(fields)) f.set(k, v);
    f.set("document", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "passport.png");
    return f;
  };
  const link = async (p: TestPlatform, customerId: string) => {
    const l = await call("POST", `/customers/${customerId}/kyc-link`, { auth: p.auth, body: {} });
    expect(l.status, JSON.stringify(l.body)).toBe(201);
    return `${baseUrl()}${new URL(l.body.kycUrl).pathname}`;
  };

  it("a new link revokes the older; a link to an APPROVED customer writes nothing and is spent", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: false } as never });
    const c = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Jane Doe" },
    });
    const older = await link(p, c.body.id);
    const url = await link(p, c.body.id);
    expect((await fetch(older)).status).toBe(404);
    const done = await fetch(url, { method: "POST", body: form(FIELDS) });
    expect(done.status).toBeLessThan(400);
    expect((await call("GET", `/customers/${c.body.id}`, { auth: p.auth })).body.kycStatus).toBe("APPROVED");
    const again = await link(p, c.body.id);
    const rewrite = await fetch(again, {
      method: "POST",
      body: form({ ...FIELDS, fullName: "Mallory Changed", birthDate: "1970-01-01", nationality: "FR" }),
    });
    // Refused (the page then finds its link spent and says so).
    expect([400, 404]).toContain(rewrite.status);
    const after = (await call("GET", `/customers/${c.body.id}`, { auth: p.auth })).body;
    expect([after.fullName, after.birthDate, after.nationality]).toEqual(["Jane Doe", "1990-01-31", "DE"]);
    const docs = await call("GET", `/documents?documentHolder=${encodeURIComponent(c.body.id)}`, { auth: p.auth });
    expect(docs.body.data).toHaveLength(1);
    expect((await fetch(again)).status).toBe(404);
  });
});

describe("A9: a token grants at most its own permissions", () => {
  it("a MANAGE token cannot mint a TRANSACT token (403); it can mint MANAGE or less of what it holds", async () => {
    const p = await newPlatform();
    const manage = (await call("POST", "/tokens", { auth: p.auth, body: { name: "m", permissions: ["MANAGE"] } })).body;
    const asManage = basic(manage.clientId, manage.clientSecret);
    const up = await call("POST", "/tokens", {
      auth: asManage,
      body: { name: "escalated", permissions: ["VIEW", "TRANSACT", "MANAGE"] },
    });
    expect([up.status, up.body.code]).toEqual([403, "FORBIDDEN"]);
    expect(up.body.details.permissions).toEqual(["VIEW", "TRANSACT"]);
    const same = await call("POST", "/tokens", { auth: asManage, body: { name: "same", permissions: ["MANAGE"] } });
    expect(same.status).toBe(201);
    const list = await call("GET", "/tokens", { auth: p.auth });
    expect(list.body.data.map((t: { name: string }) => t.name)).not.toContain("escalated");
  });
});

describe("A10: deleting a customer ends its card and its KYC link", () => {
  it("the card closes (CARD.STATE_CHANGE), no longer authorizes or reveals, its reveal link and KYC link show nothing", async () => {
    const p = await newPlatform();
    const c = await cardholder(p);
    const card = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD] },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(201);
    const reveal = await call("POST", `/cards/${card.body.id}/reveal`, { auth: p.auth });
    const kyc = await call("POST", `/customers/${c.customer.id}/kyc-link`, { auth: p.auth, body: {} });
    expect(kyc.status, JSON.stringify(kyc.body)).toBe(201);
    expect((await call("DELETE", `/customers/${c.customer.id}`, { auth: p.auth })).status).toBe(200);
    expect((await call("GET", `/cards/${card.body.id}`, { auth: p.auth })).body.state).toBe("CLOSED");
    await call("POST", `/sandbox/cards/${card.body.id}/simulate/authorization`, {
      auth: p.auth,
      body: {
        amount: 100,
        currency: { code: "USD" },
        merchant: { descriptor: "BLUE BOTTLE", mcc: "5814", country: "US" },
      },
    });
    const txs = await sql(
      (qq) => qq`select status, decline_reason from card_transactions where card_id = ${bare(card.body.id)}`,
    );
    expect(txs.map((t) => t.status)).not.toContain("AUTHORIZED");
    expect((await call("POST", `/cards/${card.body.id}/reveal`, { auth: p.auth })).status).toBeGreaterThanOrEqual(400);
    const page = await fetch(reveal.body.panEmbedUrl.replace(/^https?:\/\/[^/]+/, baseUrl()));
    expect(page.status).toBe(404);
    expect(await page.text()).not.toMatch(/\d{4} \d{4}/);
    expect((await fetch(`${baseUrl()}${new URL(kyc.body.kycUrl).pathname}`)).status).toBe(404);
    const [e] = await sql(
      (q) =>
        q`select count(*)::int as n from outbox_events where platform_id = ${bare(p.id)} and type = 'CARD.STATE_CHANGE' and data->>'state' = 'CLOSED'`,
    );
    expect(e.n).toBe(1);
  });
});

const DE = { line1: "1 Hauptstr.", city: "Berlin", postalCode: "10115", country: "DE" };
const q = (id: string) => `?customerId=${encodeURIComponent(id)}`;
const post = (p: TestPlatform, path: string, body?: unknown) => call("POST", path, { auth: p.auth, body });
async function euCustomer(p: TestPlatform) {
  const r = await post(p, "/customers", {
    customerType: "INDIVIDUAL",
    fullName: "Eva Euro",
    phoneNumber: "+491701234567",
    address: DE,
    currencies: ["USD"],
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.id as string;
}

describe("A11: a TOTP code completes SCA once", () => {
  it("the same code logs in once; its replays are refused", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const c = await euCustomer(p);
    const start = await post(p, `/sca/factors${q(c)}`, { type: "TOTP" });
    const totp = new TOTP({ secret: Secret.fromBase32(start.body.secretBase32Encoded), digits: 6, period: 30 });
    const code = totp.generate();
    expect(
      (await post(p, `/sca/factors/confirm${q(c)}`, { type: "TOTP", secret: start.body.secret, code })).status,
    ).toBe(200);
    const ip = { endUserIpAddress: "127.1.2.7" };
    await post(p, `/sca/login/start${q(c)}`, { factor: "TOTP" });
    const first = await post(p, `/sca/login/complete${q(c)}`, { factor: "TOTP", code, ...ip });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    for (let i = 0; i < 2; i++) {
      await post(p, `/sca/login/start${q(c)}`, { factor: "TOTP" });
      expect((await post(p, `/sca/login/complete${q(c)}`, { factor: "TOTP", code, ...ip })).status).toBe(400);
    }
  });
});

describe("A12: the region cannot switch SCA off once SCA state exists", () => {
  it("409 on a region or country patch leaving the SCA region; other patches and entering it still work", async () => {
    const p = await newPlatform();
    const c = await euCustomer(p);
    // Before any SCA or contact-verification state, the address may still be corrected, in or out of the region.
    const fr = await call("PATCH", `/customers/${c}`, { auth: p.auth, body: { address: { ...DE, country: "FR" } } });
    expect(fr.status, JSON.stringify(fr.body)).toBe(200);
    expect((await post(p, `/sca/factors${q(c)}`, { type: "TOTP" })).status).toBe(200);
    const moved = await call("PATCH", `/customers/${c}`, { auth: p.auth, body: { address: { ...DE, country: "US" } } });
    expect([moved.status, moved.body.details?.field]).toEqual([409, "address.country"]);
    const off = await call("PATCH", `/customers/${c}`, { auth: p.auth, body: { region: "US" } });
    expect([off.status, off.body.details?.field]).toEqual([409, "region"]);
    // SCA still applies, and moving within the mandated region is fine.
    expect((await call("GET", `/sca/factors${q(c)}`, { auth: p.auth })).status).toBe(200);
    expect((await call("PATCH", `/customers/${c}`, { auth: p.auth, body: { region: "DE" } })).status).toBe(200);
  });
});

describe("A14: a document cannot change once its customer is submitted", () => {
  it("a replace racing the verification's lock waits for it and is refused; the file is unchanged", async () => {
    const p = await newPlatform({ settings: { skipVerificationPaperwork: false } as never });
    const c = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Jane Doe" },
    });
    const doc = await uploadDoc(p, c.body.id, "PASSPORT");
    const db = postgres(inject("databaseUrl"), { max: 1 });
    try {
      // The verification's transaction: it holds the customer row FOR UPDATE while it decides.
      let release: () => void = () => {};
      const held = new Promise<void>((r) => {
        release = r;
      });
      let locked: () => void = () => {};
      const isLocked = new Promise<void>((r) => {
        locked = r;
      });
      const verification = db.begin(async (tx) => {
        await tx`select id from customers where id = ${bare(c.body.id)} for update`;
        locked();
        await held;
        await tx`update customers set kyc_status = 'APPROVED' where id = ${bare(c.body.id)}`;
      });
      await isLocked;
      const replace = sendDocument(
        p,
        { documentType: "PASSPORT", country: "US" },
        { bytes: PNG, name: "new.png", type: "image/png" },
        { method: "PUT", path: `/documents/${doc.id}` },
      );
      // The replace either finished while the lock was held (the old race) or waits for it: wait for whichever first.
      const waiting = (async () => {
        for (;;) {
          const [w] = await sql(
            (qq) =>
              qq`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%documents%'`,
          );
          if (w.n > 0) return "waiting";
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      const first = await Promise.race([replace.then(() => "finished"), waiting]);
      release();
      await verification;
      const r = await replace;
      expect(first).toBe("waiting");
      // PUT's refusal is the one Grid documents for it (docs/protocol.md "Documents"): 400, reason DOCUMENT_SUBMITTED.
      expect(r.status).toBe(400);
      expect(r.body.details.reason).toBe("DOCUMENT_SUBMITTED");
      const after = await call("GET", `/documents/${doc.id}`, { auth: p.auth });
      expect(after.body.fileName).toBe("doc.pdf");
      // And after approval, plainly refused (one statement checks and writes).
      const late = await sendDocument(
        p,
        { documentType: "PASSPORT", country: "US" },
        { bytes: PNG, name: "late.png", type: "image/png" },
        { method: "PUT", path: `/documents/${doc.id}` },
      );
      expect(late.status).toBe(400);
      expect(late.body.details.reason).toBe("DOCUMENT_SUBMITTED");
    } finally {
      await db.end();
    }
  });
});

describe("A17: the card-reveal page behind the edge", () => {
  it("HEAD spends nothing (405); GET carries a request id and is single-use", async () => {
    const p = await newPlatform();
    const c = await cardholder(p);
    const card = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD] },
    });
    const r = await call("POST", `/cards/${card.body.id}/reveal`, { auth: p.auth });
    const url = r.body.panEmbedUrl.replace(/^https?:\/\/[^/]+/, baseUrl());
    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(405);
    expect(head.headers.get("request-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("request-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await page.text()).toContain('id="pan"');
    expect((await fetch(url)).status).toBe(404);
  });
});

describe("A18: console sessions", () => {
  const form = (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body).toString(),
    });

  it("relative Location; no secret in any cookie; cross-site logout refused; after logout the cookie opens nothing", async () => {
    const p = await newPlatform();
    const login = await form(
      "/console/session",
      { clientId: p.clientId, clientSecret: p.clientSecret },
      { "x-forwarded-proto": "https" },
    );
    expect(login.status).toBe(303);
    expect(login.headers.get("location")).toBe("/console");
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/console_session=[A-Za-z0-9_-]{43};/);
    // The Secure flag follows PUBLIC_URL's scheme (http on the suite's server); a client's X-Forwarded-Proto decides
    // nothing (no trusted proxy).
    expect(setCookie).not.toMatch(/Secure/i);
    const cookie = setCookie.split(";")[0];

    const created = await form("/console/tokens/create", { name: "ops", permissions: "VIEW" }, { cookie });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toMatch(/^\/console\/tokens\?/);
    expect(created.headers.get("set-cookie") ?? "").toBe("");
    const tokens = (await call("GET", "/tokens", { auth: p.auth })).body.data;
    expect(tokens).toHaveLength(1);
    const page = await (await fetch(`${baseUrl()}/console/tokens`, { headers: { cookie } })).text();
    const secret = /data-testid="token-secret"[^>]*>([^<]+)</.exec(page)?.[1];
    expect(secret).toBeTruthy();
    expect((await call("GET", "/config", { auth: basic(tokens[0].clientId, secret ?? "") })).status).toBe(200);
    // Shown once.
    expect(await (await fetch(`${baseUrl()}/console/tokens`, { headers: { cookie } })).text()).not.toContain(
      secret ?? "",
    );

    const forged = await form("/console/logout", {}, { cookie, origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect((await fetch(`${baseUrl()}/console/approvals`, { headers: { cookie }, redirect: "manual" })).status).toBe(
      200,
    );
    const out = await form("/console/logout", {}, { cookie });
    expect([out.status, out.headers.get("location")]).toEqual([303, "/console/login?msg=Signed+out."]);
    // The old cookie, replayed, is signed out on the server.
    const replayed = await fetch(`${baseUrl()}/console/approvals`, { headers: { cookie }, redirect: "manual" });
    expect(replayed.status).not.toBe(200);
    expect(replayed.headers.get("location") ?? "").toContain("/console/login");
    const post = await form("/console/tokens/create", { name: "after", permissions: "VIEW" }, { cookie });
    expect(post.headers.get("location") ?? "").toContain("/console/login");
  });
});

describe("A19: HSTS, download names, UMA addresses", () => {
  it("production answers carry Strict-Transport-Security", async () => {
    const r = await fetch(`${baseUrl()}/api/health`);
    expect(r.headers.get("strict-transport-security")).toMatch(/max-age=\d{7,}/);
  });

  it("a download's extension is the one of the detected type, not the uploader's", async () => {
    const p = await newPlatform();
    const c = await call("POST", "/customers", { auth: p.auth, body: { customerType: "INDIVIDUAL", fullName: "Dee" } });
    const up = await sendDocument(
      p,
      { documentHolder: c.body.id, documentType: "PASSPORT", country: "US" },
      { bytes: PNG, name: "passport.html", type: "text/html" },
    );
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const file = await fetch(`${baseUrl()}/api/2025-10-13/documents/${up.body.id}/file`, {
      headers: { authorization: p.auth },
    });
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toBe('attachment; filename="passport.png"');
  });

  it("an UMA address is unique across platforms (409, on create and on update); a deleted customer's is free", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const uma = `$u${Date.now().toString(36)}@uma.example.com`;
    const first = await post(a, "/customers", { customerType: "INDIVIDUAL", fullName: "Ann", umaAddress: uma });
    expect(first.status).toBe(201);
    const taken = await post(b, "/customers", { customerType: "INDIVIDUAL", fullName: "Bob", umaAddress: uma });
    expect([taken.status, taken.body.code]).toEqual([409, "CONFLICT"]);
    const other = await post(b, "/customers", { customerType: "INDIVIDUAL", fullName: "Bob" });
    const patch = await call("PATCH", `/customers/${other.body.id}`, { auth: b.auth, body: { umaAddress: uma } });
    expect([patch.status, patch.body.code]).toEqual([409, "CONFLICT"]);
    expect((await call("DELETE", `/customers/${first.body.id}`, { auth: a.auth })).status).toBe(200);
    expect(
      (await call("PATCH", `/customers/${other.body.id}`, { auth: b.auth, body: { umaAddress: uma } })).status,
    ).toBe(200);
  });
});
