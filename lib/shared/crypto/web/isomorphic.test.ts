import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/shared/crypto/web runs in the browser client and the SDK too: only its own files and the isomorphic
// audited packages (@noble/*, @scure/*, @hpke/*) may be imported: no `node:` module, nothing of ours (tests excepted).
const ALLOWED =
  /^(\.\/[a-z0-9-]+|@noble\/(curves|hashes)\/[a-z0-9-]+\.js|@scure\/(base|bip39)(\/[a-z0-9/-]+\.js)?|@hpke\/core)$/;

describe("lib/shared/crypto/web is isomorphic", () => {
  const dir = import.meta.dirname;
  const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
  it.each(sources)("%s imports only approved modules", (file) => {
    const text = readFileSync(path.join(dir, file), "utf8");
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
    expect(specifiers.filter((s) => !ALLOWED.test(s))).toEqual([]);
  });
});
