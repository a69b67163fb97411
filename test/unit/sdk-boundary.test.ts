import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** architecture.md: lib/sdk never imports server code; it reaches the service only over HTTP. */
describe("lib/sdk imports no server code", () => {
  const dir = path.resolve(import.meta.dirname, "../../lib/sdk");
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

  it.each(files)("%s imports only the SDK itself and the isomorphic crypto core", (file) => {
    const text = fs.readFileSync(path.join(dir, file), "utf8");
    const specifiers = [...text.matchAll(/\bfrom\s+["']([^"']+)["']/g)].map((m) => m[1]);
    const bad = specifiers.filter((s) => !s.startsWith("./") && s !== "@/lib/crypto");
    expect(bad).toEqual([]);
  });
});
