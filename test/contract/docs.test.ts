/**
 * The documents a newcomer reads: every relative link and image in them points at a file that exists (and, with a
 * `#fragment`, at a heading of that file), and README stays a page one reads in a sitting.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

function markdownFiles(): string[] {
  const out = ["README.md", "ARCHITECTURE.md", "bench/README.md"];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const rel = path.join(dir, e.name);
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith(".md")) out.push(rel);
    }
  };
  walk("docs");
  return out;
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => slug(m[1])));
}

/** Links and images outside code blocks: `[text](target)`, `![alt](target)`, `<img src="target">`. */
function linksOf(text: string): string[] {
  const prose = text.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [
    ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/<img[^>]*\ssrc="([^"]+)"/g)].map((m) => m[1]),
  ];
}

describe("the documents", () => {
  it("link only to files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      const abs = path.join(ROOT, file);
      for (const link of linksOf(fs.readFileSync(abs, "utf8"))) {
        // Addresses of a running server (`/docs`, `http://localhost:3000/…`) and other sites are not files here.
        if (/^[a-z]+:/i.test(link) || link.startsWith("/")) continue;
        const [target, fragment] = link.split("#");
        const resolved = target ? path.resolve(path.dirname(abs), decodeURIComponent(target)) : abs;
        if (!fs.existsSync(resolved)) broken.push(`${file}: ${link} (no such file)`);
        else if (fragment && resolved.endsWith(".md") && !anchorsOf(resolved).has(fragment))
          broken.push(`${file}: ${link} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("keep README a newcomer's page: at most 220 lines", () => {
    const lines = fs.readFileSync(path.join(ROOT, "README.md"), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(220);
  });

  it("speak of the product, not of how it was built: no numbered work sessions or issues in any file", () => {
    // History lives in git log and in the issues' notes; a comment says why the code is as it is today.
    const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard"], { cwd: ROOT, encoding: "utf8" })
      .split("\n")
      .filter((f) => /\.(md|ts|tsx|mjs|cjs|sql|json)$/.test(f) && !f.startsWith("lib/sdk/generated/"))
      .filter((f) => fs.existsSync(path.join(ROOT, f)));
    const found = files.flatMap((f) =>
      [...fs.readFileSync(path.join(ROOT, f), "utf8").matchAll(/\bsessions?\s+[0-9]+\b|\bissues?\s+#?[0-9]+\b/gi)].map(
        (m) => `${f}: ${m[0]}`,
      ),
    );
    expect(found).toEqual([]);
  });
});
