import { afterAll, beforeAll, describe, expect, it } from "vitest";
import postgres from "postgres";
import { inject } from "vitest";
import { call, newPlatform, startPeerServer, type TestPlatform } from "../../support/api";
import type { RunningServer } from "../../support/server";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

async function at(base: string, method: string, path: string, auth: string, body?: unknown) {
  const res = await fetch(`${base}/api/2025-10-13${path}`, {
    method,
    headers: { authorization: auth, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

describe("API tokens", () => {
  let peer: RunningServer;
  let p: TestPlatform;
  beforeAll(async () => {
    peer = await startPeerServer();
    p = await newPlatform();
  });
  afterAll(async () => {
    await peer?.stop();
  });

  it("creates a token whose secret is shown once and stored only as a scrypt hash; it authenticates as the platform", async () => {
    const created = await call("POST", "/tokens", { auth: p.auth, body: { name: "read only", permissions: ["VIEW"] } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "read only",
      permissions: ["VIEW"],
      clientId: expect.stringMatching(/^token_/),
    });
    expect(created.body.id).toMatch(/^Token:/);
    const { clientId, clientSecret } = created.body;
    expect(clientSecret.length).toBeGreaterThan(30);

    const got = await call("GET", `/tokens/${created.body.id}`, { auth: p.auth });
    expect(got.status).toBe(200);
    expect(got.body.clientSecret).toBeUndefined();
    const sql = postgres(inject("databaseUrl"), { max: 1 });
    const [row] = await sql`select secret_hash from api_tokens where client_id = ${clientId}`;
    await sql.end();
    expect(row.secret_hash).toMatch(/^scrypt\$/);
    expect(row.secret_hash).not.toContain(clientSecret);

    const cfg = await call("GET", "/config", { auth: basic(clientId, clientSecret) });
    expect(cfg.status).toBe(200);
    expect((await call("GET", "/config", { auth: basic(clientId, `${clientSecret}x`) })).status).toBe(401);
  });

  it("enforces Grid's permissions: VIEW reads, MANAGE writes config and tokens, TRANSACT payments", async () => {
    const view = (await call("POST", "/tokens", { auth: p.auth, body: { name: "v", permissions: ["VIEW"] } })).body;
    const asView = basic(view.clientId, view.clientSecret);
    expect((await call("GET", "/customers", { auth: asView })).status).toBe(200);
    const denied = await call("POST", "/customers", {
      auth: asView,
      body: { customerType: "INDIVIDUAL", fullName: "X", email: "x@example.com" },
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ code: "FORBIDDEN", details: { requiredPermission: "MANAGE" } });
    expect((await call("GET", "/tokens", { auth: asView })).status).toBe(403);
    expect((await call("POST", "/quotes", { auth: asView, body: {} })).body.details).toMatchObject({
      requiredPermission: "TRANSACT",
    });

    const manage = (await call("POST", "/tokens", { auth: p.auth, body: { name: "m", permissions: ["MANAGE"] } })).body;
    const asManage = basic(manage.clientId, manage.clientSecret);
    expect(
      (await call("POST", "/tokens", { auth: asManage, body: { name: "child", permissions: ["MANAGE"] } })).status,
    ).toBe(201);
    // A token grants at most its own permissions: MANAGE alone does not include VIEW.
    expect(
      (await call("POST", "/tokens", { auth: asManage, body: { name: "child", permissions: ["VIEW"] } })).status,
    ).toBe(403);
    expect((await call("GET", "/customers", { auth: asManage })).status).toBe(403);
  });

  it("lists tokens paginated with filters and totalCount", async () => {
    const q = await newPlatform();
    for (const name of ["a", "b", "c"])
      await call("POST", "/tokens", { auth: q.auth, body: { name, permissions: ["VIEW"] } });
    const first = await call("GET", "/tokens?limit=2", { auth: q.auth });
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 3 });
    expect(first.body.data.map((t: any) => t.name)).toEqual(["a", "b"]);
    expect(first.body.data[0].clientSecret).toBeUndefined();
    const second = await call("GET", `/tokens?limit=2&cursor=${first.body.nextCursor}`, { auth: q.auth });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.data.map((t: any) => t.name)).toEqual(["c"]);
    expect((await call("GET", "/tokens?name=b", { auth: q.auth })).body.data.map((t: any) => t.name)).toEqual(["b"]);
    const bad = await call("POST", "/tokens", { auth: q.auth, body: { name: "", permissions: ["ADMIN"] } });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(["name", "permissions.0"]);
  });

  it("a deleted token is refused at once by a second instance that had just verified it", async () => {
    const t = (await call("POST", "/tokens", { auth: p.auth, body: { name: "to revoke", permissions: ["VIEW"] } }))
      .body;
    const auth = basic(t.clientId, t.clientSecret);
    // Both instances verify (and memoize) the token first.
    expect((await at(peer.url, "GET", "/config", auth)).status).toBe(200);
    expect((await call("GET", "/config", { auth })).status).toBe(200);
    expect((await call("DELETE", `/tokens/${t.id}`, { auth: p.auth })).status).toBe(204);
    expect((await at(peer.url, "GET", "/config", auth)).status).toBe(401);
    expect((await call("GET", "/config", { auth })).status).toBe(401);
    const again = await at(peer.url, "DELETE", `/tokens/${t.id}`, p.auth);
    expect(again).toMatchObject({ status: 404, body: { code: "TOKEN_NOT_FOUND" } });
  });

  it("platform B gets TOKEN_NOT_FOUND for A's token and does not list it", async () => {
    const b = await newPlatform();
    const t = (await call("POST", "/tokens", { auth: p.auth, body: { name: "a's", permissions: ["VIEW"] } })).body;
    expect((await call("GET", `/tokens/${t.id}`, { auth: b.auth })).body.code).toBe("TOKEN_NOT_FOUND");
    expect((await call("DELETE", `/tokens/${t.id}`, { auth: b.auth })).status).toBe(404);
    expect((await call("GET", "/tokens", { auth: b.auth })).body.data).toEqual([]);
    expect((await call("GET", `/tokens/${t.id}`, { auth: p.auth })).status).toBe(200);
  });
});
