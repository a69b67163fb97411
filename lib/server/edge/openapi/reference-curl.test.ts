import { describe, expect, it } from "vitest";
import type { ReferenceOperation } from "./reference";
import { curlCommand } from "./reference-curl";

const base: ReferenceOperation = {
  operationId: "op",
  method: "GET",
  path: "/things/{thingId}",
  summary: "",
  description: "",
  tag: "Things",
  href: "/docs/things#op",
  deprecated: false,
  auth: "BasicAuth",
  parameters: [{ name: "thingId", in: "path", required: true, schema: { type: "string" }, example: "Thing:1/2" }],
  responses: [],
};

describe("curlCommand", () => {
  it("fills path parameters from their examples (encoded) and names the credentials as shell variables", () => {
    expect(curlCommand(base, "http://localhost:3000", "/api/v")).toBe(
      `curl -X GET 'http://localhost:3000/api/v/things/Thing%3A1%2F2' \\\n  -u "$CLIENT_ID:$CLIENT_SECRET"`,
    );
  });

  it("sends a JSON example body single-quoted for the shell, and a Bearer token for agent operations", () => {
    const op = { ...base, method: "POST", auth: "AgentAuth" as const, parameters: [] };
    const cmd = curlCommand(
      { ...op, body: { contentType: "application/json", required: true, schema: {}, example: { name: "it's" } } },
      "http://o",
      "",
    );
    expect(cmd).toContain(`-H "authorization: Bearer $AGENT_TOKEN"`);
    expect(cmd).toContain(`-d '{"name":"it'\\''s"}'`);
    expect(cmd).toContain("/things/{thingId}"); // no example: left for the reader to fill
  });

  it("lists a multipart body's required fields, a file for the binary one", () => {
    const schema = {
      type: "object",
      required: ["file", "documentType"],
      properties: { file: { type: "string", format: "binary" }, documentType: { enum: ["PASSPORT", "ID"] }, note: {} },
    };
    const cmd = curlCommand({ ...base, body: { contentType: "multipart/form-data", required: true, schema } }, "", "");
    expect(cmd).toContain("-F 'file=@document.pdf'");
    expect(cmd).toContain("-F 'documentType=PASSPORT'");
    expect(cmd).not.toContain("note=");
  });
});
