/**
 * Nesting depth and size are bounded before parsing (lib/server/core/body.ts). One operation per kind
 * of input: a JSON body nested 5,000 levels (400 naming the limit), the same brackets in a query value and in a path
 * parameter (400, they are never parsed as JSON), and a body over 1 MiB (413). The contract fuzz sends nesting to
 * every operation (contract-fuzz.test.ts).
 */
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "@/lib/server/core/body";
import { call, newPlatform } from "../../support/api";

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;
const nestedObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

describe("nesting and size bounds", () => {
  it("a JSON body nested 5,000 levels deep answers 400 naming the limit", async () => {
    const p = await newPlatform();
    for (const body of [nested(5000), nestedObject(5000), `{"customerType":"INDIVIDUAL","metadata":${nested(5000)}}`]) {
      const r = await call("POST", "/customers", {
        auth: p.auth,
        rawBody: body,
        headers: { "content-type": "application/json" },
      });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: "INVALID_INPUT",
        details: { reason: "NESTING_TOO_DEEP", maxDepth: MAX_JSON_DEPTH, errors: [{ field: "(body)" }] },
      });
      expect(r.body.message).toContain(String(MAX_JSON_DEPTH));
    }
    // Brackets inside strings are text, not nesting: the body is judged by its fields.
    const inString = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "[".repeat(200) },
    });
    expect(inString.status).not.toBe(500);
    expect(JSON.stringify(inString.body)).not.toContain("NESTING_TOO_DEEP");
    // At the limit a body still parses (and is judged by its schema).
    const atLimit = await call("PATCH", "/config", {
      auth: p.auth,
      rawBody: `{"x":${nested(MAX_JSON_DEPTH - 1)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(atLimit.status).toBe(400);
    expect(JSON.stringify(atLimit.body)).not.toContain("NESTING_TOO_DEEP");
  });

  it("a query value of nested brackets answers 400", async () => {
    const p = await newPlatform();
    // 1,500 levels: with percent-encoding about 9 KB, under Node's 16 KB request head.
    const q = encodeURIComponent(nested(1500));
    for (const name of ["limit", "customerType"]) {
      const r = await call("GET", `/customers?${name}=${q}`, { auth: p.auth });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: "INVALID_INPUT", details: { errors: [{ field: name }] } });
    }
  });

  it("a path parameter of nested brackets answers 400 (an unknown id of any shape: 404)", async () => {
    const p = await newPlatform();
    const brackets = encodeURIComponent(nested(1500));
    const r = await call("GET", `/customers/bulk/jobs/${brackets}`, { auth: p.auth });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "INVALID_INPUT", details: { errors: [{ field: "jobId" }] } });
    const unknown = await call("GET", `/customers/${brackets}`, { auth: p.auth });
    expect(unknown).toMatchObject({ status: 404, body: { status: 404, code: expect.any(String) } });
  });

  it("a JSON body over 1 MiB answers 413 before it is parsed", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers", {
      auth: p.auth,
      rawBody: `{"fullName":"${"x".repeat(1024 * 1024)}"}`,
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", details: { maxBytes: 1024 * 1024 } });
  });
});
