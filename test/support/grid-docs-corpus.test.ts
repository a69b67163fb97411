/**
 * The documentation corpus's reader (test/support/grid-docs-corpus.ts) on pages and a document written here: curl
 * commands as a shell reads them (quotes, continuations, several per block, `-G` queries, forms), what cannot be a
 * request, and the response check (a discriminated union decoded by its mapping, an undocumented status).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { curlExamples, gridResponseChecker, openApiExamples } from "@/test/support/grid-docs-corpus";

const PAGE = `# Page

\`\`\`bash
curl -X POST 'https://api.lightspark.com/grid/2025-10-13/customers' \\
  -u "$GRID_CLIENT_ID:$GRID_CLIENT_SECRET" \\
  -H 'Content-Type: application/json' \\
  -d '{
    "fullName": "Jane Doe",
    "note": "say \\"hi\\""
  }'

# Then read it back
curl -sS -G "\${GRID_BASE_URL}/customers" \\
  --data-urlencode "platformCustomerId=user 1" -d limit=5
\`\`\`

  \`\`\`sh
  curl -X POST "$GRID_BASE_URL/documents" -F "documentType=PASSPORT" -F "file=@./passport.jpg"
  curl https://hooks.example.com/grid
  curl -d @body.json https://api.lightspark.com/grid/2025-10-13/quotes
  \`\`\`
`;

describe("curl examples of documentation pages", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "corpus-"));
  fs.mkdirSync(path.join(dir, "guide"));
  fs.writeFileSync(path.join(dir, "guide", "page.mdx"), PAGE);
  const examples = curlExamples(dir);

  it("finds every curl command, named by page and line", () => {
    expect(examples.map((e) => e.id)).toEqual([
      "guide/page.mdx:4",
      "guide/page.mdx:13",
      "guide/page.mdx:18",
      "guide/page.mdx:19",
      "guide/page.mdx:20",
    ]);
  });

  it("reads method, path, headers and a multi-line quoted body as a shell would", () => {
    const [create] = examples;
    expect(create).toMatchObject({
      method: "POST",
      path: "/customers",
      headers: { "content-type": "application/json" },
    });
    expect(JSON.parse(create.body ?? "")).toEqual({ fullName: "Jane Doe", note: 'say "hi"' });
  });

  it("turns -G data into the query of a GET, and -F fields into a form", () => {
    expect(examples[1]).toMatchObject({ method: "GET", path: "/customers?platformCustomerId=user 1&limit=5" });
    expect(examples[1].body).toBeUndefined();
    expect(examples[2]).toMatchObject({
      method: "POST",
      path: "/documents",
      form: [
        ["documentType", "PASSPORT"],
        ["file", "@./passport.jpg"],
      ],
    });
  });

  it("marks what cannot be a request: another host, a body read from a file", () => {
    expect(examples[3].unparsable).toMatch(/not Grid's API/);
    expect(examples[4].unparsable).toMatch(/from a file/);
    expect(examples.slice(0, 3).every((e) => !e.unparsable)).toBe(true);
  });
});

const DOC = {
  openapi: "3.1.0",
  paths: {
    "/pets/{petId}": {
      get: {
        responses: {
          "200": { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } },
        },
      },
      patch: {
        requestBody: {
          content: { "application/json": { examples: { rename: { summary: "Rename", value: { name: "Rex" } } } } },
        },
        responses: { "204": { description: "done" } },
      },
    },
  },
  components: {
    schemas: {
      Pet: {
        oneOf: [{ $ref: "#/components/schemas/Dog" }, { $ref: "#/components/schemas/Cat" }],
        discriminator: {
          propertyName: "kind",
          mapping: { DOG: "#/components/schemas/Dog", CAT: "#/components/schemas/Cat" },
        },
      },
      // Both variants accept the other's objects: only the mapping tells them apart.
      Dog: {
        type: "object",
        required: ["kind", "barks"],
        properties: { kind: { type: "string" }, barks: { type: "boolean" } },
      },
      Cat: { type: "object", required: ["kind"], properties: { kind: { type: "string" }, lives: { type: "integer" } } },
    },
  },
};

describe("Grid's answers checked against its document", () => {
  const checker = gridResponseChecker(DOC);

  it("decodes a discriminated union by its mapping, as Grid's clients do", () => {
    expect(checker.check("GET", "/pets/Pet:1", 200, { kind: "CAT", lives: 9 })).toEqual([]);
    expect(checker.check("GET", "/pets/Pet:1", 200, { kind: "DOG", barks: true })).toEqual([]);
    // A dog without `barks` is still a valid Cat shape; the mapping makes it an invalid Dog.
    expect(checker.check("GET", "/pets/Pet:1", 200, { kind: "DOG" }).join()).toMatch(/barks/);
    expect(checker.check("GET", "/pets/Pet:1", 200, { kind: "BIRD" }).join()).toMatch(/allowed values/);
  });

  it("names an undocumented status or operation, and accepts a documented empty answer", () => {
    expect(checker.check("GET", "/pets/Pet:1", 201, {})).toEqual(["status 201: Grid documents 200"]);
    expect(checker.check("PATCH", "/pets/Pet:1", 204, undefined)).toEqual([]);
    expect(checker.template("DELETE", "/pets/Pet:1")).toBeUndefined();
  });

  it("lists the document's named request examples", () => {
    expect(openApiExamples(DOC)).toEqual([
      {
        id: "openapi PATCH /pets/{petId} rename",
        method: "PATCH",
        path: "/pets/{petId}",
        headers: { "content-type": "application/json" },
        body: '{"name":"Rex"}',
      },
    ]);
  });
});
