import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every project path a comment or a document names exists. Comments and docs that point at files which were moved or
 * deleted send the next reader to nothing; this keeps them true. Read: Markdown files whole, and the comment lines of
 * code files (string literals in code are data, such as a test's made-up paths, and are not read).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const SKIP_DIRS = new Set(["node_modules", ".git", "test-results", "playwright-report", ".data", "generated"]);
const TOP = ["lib", "app", "db", "test", "e2e", "bench", "scripts", "docs", "public", "messages", "types"];
/** Produced at run time, never committed. */
const RUNTIME_PATHS = new Set(["bench/results"]);

const PATH_RE = new RegExp(`(?<![\\w@/.-])(?:${TOP.join("|")})/[\\w\\-./\\[\\]()@]*`, "g");

function projectFiles(dir: string, out: string[] = []): string[] {
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP_DIRS.has(e.name) || e.name.startsWith(".next")) continue;
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) projectFiles(rel, out);
    else if (/\.(ts|tsx|mjs|cjs|md)$/.test(e.name)) out.push(rel);
  }
  return out;
}

/** The text a reader takes as prose: a whole Markdown file, or the comment lines of code. */
function proseOf(rel: string): string {
  const text = fs.readFileSync(path.join(ROOT, rel), "utf8");
  if (rel.endsWith(".md")) return text;
  return text
    .split("\n")
    .filter((l) => /^\s*(\/\/|\/\*|\*|\{\/\*)/.test(l))
    .join("\n");
}

/** A match cut where prose goes on (`app/(wallet)/…`, a trailing full stop, `messages/console.*.json`). */
function candidate(text: string, match: RegExpMatchArray): string | null {
  let p = match[0];
  // A Markdown link whose text is itself a path (`[the path](the path)`): the path ends where the link's target begins.
  const link = p.indexOf("](");
  if (link >= 0) p = p.slice(0, link);
  const after = text[(match.index ?? 0) + p.length] ?? "";
  if (after !== "" && "*<{$".includes(after)) return null; // a pattern, not a path
  // Trailing punctuation of the sentence, and a closing parenthesis only when the path did not open one
  // (a parenthesised path vs `app/(wallet)`), in any order, as in a path closing a parenthesised sentence.
  for (;;) {
    if (/[.,:;]$/.test(p)) p = p.slice(0, -1);
    else if (p.endsWith(")") && (p.match(/\(/g) ?? []).length < (p.match(/\)/g) ?? []).length) p = p.slice(0, -1);
    else break;
  }
  return p.includes("/") ? p : null;
}

function exists(p: string): boolean {
  if (RUNTIME_PATHS.has(p.replace(/\/$/, ""))) return true;
  const abs = path.join(ROOT, p);
  return [abs, `${abs}.ts`, `${abs}.tsx`].some((f) => fs.existsSync(f));
}

describe("paths named in comments and documents", () => {
  const files = projectFiles("");

  it("reads the project's code and docs", () => {
    expect(files).toContain("ARCHITECTURE.md");
    expect(files.filter((f) => f.startsWith("lib/")).length).toBeGreaterThan(100);
  });

  it("name files that exist", () => {
    const missing: string[] = [];
    for (const rel of files) {
      const prose = proseOf(rel);
      for (const m of prose.matchAll(PATH_RE)) {
        const p = candidate(prose, m);
        if (p && !exists(p)) missing.push(`${rel} names ${p}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("point at the project's own protocol document, not the design folder outside it", () => {
    const outside = files.filter((rel) => proseOf(rel).includes("shared/design/"));
    expect(outside).toEqual([]);
  });
});
