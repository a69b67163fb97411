import { describe, expect, it } from "vitest";
import { api, baseUrl, call, newPlatform } from "../../support/api";

describe("API conventions", () => {
  it("GET /api/health answers 200 with the database reachable", async () => {
    const r = await fetch(`${baseUrl()}/api/health`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ status: "ok", database: "postgres" });
  });

  it("an unknown path under the base address is a 404 error object", async () => {
    const p = await newPlatform();
    const r = await call("GET", "/no/such/thing", { auth: p.auth });
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(r.headers.get("request-trace-id")).toBeTruthy();
  });

  it("a wrong method is a 405 error object with Allow", async () => {
    const p = await newPlatform();
    const r = await call("DELETE", "/customers", { auth: p.auth });
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ status: 405, code: "METHOD_NOT_ALLOWED" });
    expect(r.headers.get("allow")).toContain("POST");
  });

  it("invalid query parameters and invalid body fields are listed together in one 400", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers?colour=red", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", email: "not-an-email" },
    });
    expect(r.status).toBe(400);
    const fields = r.body.details.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(["colour", "fullName", "email"]));
  });

  it("malformed JSON is a 400 INVALID_INPUT", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers", {
      auth: p.auth,
      rawBody: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ status: 400, code: "INVALID_INPUT", details: { reason: "MALFORMED_JSON" } });
  });

  it("a body over 1 MiB is a 413", async () => {
    const p = await newPlatform();
    const big = JSON.stringify({ customerType: "INDIVIDUAL", fullName: "x".repeat(1024 * 1024 + 10) });
    const r = await call("POST", "/customers", {
      auth: p.auth,
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
  });

  it("every response carries a Request-Trace-Id", async () => {
    const p = await newPlatform();
    const r = await call("GET", "/config", { auth: p.auth });
    expect(r.status).toBe(200);
    expect(r.headers.get("request-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("serves the OpenAPI document", async () => {
    const r = await fetch(`${api()}/openapi.json`);
    expect(r.status).toBe(200);
    const doc = await r.json();
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.paths["/customers"].post.operationId).toBe("createCustomer");
  });

  it("serves the reference at /docs from the served document: its own pages, scripts from this app only, no CDN", async () => {
    const r = await fetch(`${baseUrl()}/docs`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("/api/2025-10-13/openapi.json");
    expect(html).not.toMatch(/cdn\.jsdelivr|fonts\.|https?:\/\/[^"' ]*\.js/);
    // Every script carries the CSP nonce of the page's policy.
    const nonce = /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(nonce).toBeTruthy();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A section page lists its operations with their anchors; an unknown section is a 404.
    const section = await (await fetch(`${baseUrl()}/docs/agent-management`)).text();
    expect(section).toContain('id="createAgent"');
    expect((await fetch(`${baseUrl()}/docs/no-such-section`)).status).toBe(404);
    // The document's language stays English whatever the visitor's language: the reference is written in English.
    const de = await (await fetch(`${baseUrl()}/docs`, { headers: { "accept-language": "de" } })).text();
    expect(de).toContain('<html lang="en"');
  });

  it("serves the guides inside the reference and docs/protocol.md, which its introduction names", async () => {
    const doc = await (await fetch(`${baseUrl()}/api/2025-10-13/openapi.json`)).json();
    expect(doc.info.description).toContain("# Getting started");
    expect(doc.info.description).toContain("(/docs/protocol)");
    const r = await fetch(`${baseUrl()}/docs/protocol`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/plain");
    expect(await r.text()).toContain("# Wire protocol");
  });
});

describe("the document's language", () => {
  const langOf = async (path: string, headers: Record<string, string>) => {
    const html = await (await fetch(`${baseUrl()}${path}`, { headers })).text();
    return /<html[^>]* lang="([^"]*)"/.exec(html)?.[1];
  };

  it("is the page's language: the site's pages (its 404 here) by the wallet's cookie, the console's by its own, both by Accept-Language", async () => {
    expect(await langOf("/no-such-page", { "accept-language": "de-DE,de;q=0.9" })).toBe("de");
    expect(await langOf("/no-such-page", { "accept-language": "en-GB" })).toBe("en");
    expect(await langOf("/no-such-page", { "accept-language": "de", cookie: "ui-locale=en" })).toBe("en");
    expect(await langOf("/console/login", { "accept-language": "de" })).toBe("de");
    // The console keeps its own choice: the wallet's cookie does not decide its language, nor its own the wallet's.
    expect(await langOf("/console/login", { "accept-language": "de", cookie: "console_locale=en; ui-locale=de" })).toBe(
      "en",
    );
    expect(await langOf("/no-such-page", { "accept-language": "en", cookie: "console_locale=de" })).toBe("en");
  });
});

describe("BasicAuth", () => {
  it("missing, malformed, unknown-id and wrong-secret credentials all answer the same 401", async () => {
    const p = await newPlatform();
    const answers = await Promise.all([
      call("GET", "/config"),
      call("GET", "/config", { auth: "Basic !!!" }),
      call("GET", "/config", { auth: `Basic ${Buffer.from(`nobody:${p.clientSecret}`).toString("base64")}` }),
      call("GET", "/config", { auth: `Basic ${Buffer.from(`${p.clientId}:wrong`).toString("base64")}` }),
      call("GET", "/config", { auth: "Bearer gat_0000000000000000000000000000000000000000" }),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(401);
      expect(a.body.code).toBe("UNAUTHORIZED");
    }
    expect(answers[2].body).toEqual(answers[3].body);
  });
});
