import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { validate } from "@readme/openapi-parser";
import { openApiDocument, BASE_PATH } from "@/lib/server/edge/openapi/document";

const API_DIR = path.resolve(import.meta.dirname, "../..", "app", BASE_PATH.slice(1));

/** Every (method, path) implemented by a route file under app/api/2025-10-13 (the catch-all excluded). */
function implementedRoutes(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name === "route.ts") {
        const rel = path.relative(API_DIR, dir).split(path.sep);
        if (rel.some((s) => s.startsWith("[..."))) continue;
        if (rel.join("/") === "openapi.json") continue;
        const apiPath = `/${rel.map((s) => s.replace(/^\[(.+)\]$/, "{$1}")).join("/")}`;
        const src = fs.readFileSync(p, "utf8");
        const m = /methods\(\{([\s\S]*)\}\)/.exec(src);
        const declared = m ? [...m[1].matchAll(/^\s*(GET|POST|PUT|PATCH|DELETE):/gm)].map((x) => x[1]) : [];
        for (const method of declared) out.push(`${method} ${apiPath}`);
      }
    }
  };
  walk(API_DIR);
  return out.sort();
}

describe("OpenAPI document", () => {
  it("validates as OpenAPI 3.1", async () => {
    const doc = structuredClone(openApiDocument());
    const result = await validate(doc as never);
    if (!result.valid) console.error(JSON.stringify(result.errors, null, 2));
    expect(result.valid).toBe(true);
    // The validator walks the whole document (every operation's inline schemas): seconds of pure CPU.
  }, 60_000);

  it("documents every implemented route, and nothing that is not implemented", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .flatMap(([p, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`))
      .sort();
    const implemented = implementedRoutes();
    expect(implemented.length).toBeGreaterThan(5);
    expect(implemented.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !implemented.includes(r))).toEqual([]);
  });
});
