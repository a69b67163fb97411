import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The walls of ARCHITECTURE.md, checked on every import of every non-test file under lib/, db/ and app/.
 * Service side, bottom up (a folder may import its own layer or a lower one, never a higher one):
 */
const LAYERS: { name: string; units: string[] }[] = [
  {
    name: "leaf",
    units: [
      "lib/shared/crypto/web",
      "lib/shared/crypto/node",
      "lib/shared/ids",
      "lib/shared/invariant",
      "lib/shared/log",
      "lib/shared/config",
    ],
  },
  { name: "api-core", units: ["lib/server/core"] },
  { name: "db", units: ["db"] },
  { name: "money", units: ["lib/server/money"] },
  { name: "domain", units: [] }, // every lib/<area> not named elsewhere: new areas need no edit here
  { name: "edge", units: ["lib/server/edge/http", "lib/server/edge/openapi", "lib/server/edge/startup"] },
  { name: "routes", units: ["app/api", "app/docs", "app/kyc", "app/.well-known", "app/uma", "app"] },
];
const DOMAIN = LAYERS.findIndex((l) => l.name === "domain");

/** Integrator side: reaches the service only over HTTP through lib/sdk. */
const SDK = "lib/sdk";
const INTEGRATOR_LIBS = ["lib/integrator"];
/** `app` is the root's own files (layout, 404): they frame only the integrator's pages and share their UI. */
const INTEGRATOR_PAGES = ["app", "app/(front)", "app/(wallet)", "app/console", "app/integrator"];
const INTEGRATOR_SIDE = new Set([SDK, ...INTEGRATOR_LIBS, ...INTEGRATOR_PAGES]);

/** What each integrator unit may import besides itself. The backend keeps its own tables in db (sdk-boundary.test.ts: one door). */
function integratorMayImport(from: string, to: string): boolean {
  if (from === SDK) return to === "lib/shared/crypto/web";
  if (INTEGRATOR_LIBS.includes(from))
    return to === SDK || INTEGRATOR_LIBS.includes(to) || to === "lib/shared/crypto/web" || to === "db";
  return to === SDK || INTEGRATOR_LIBS.includes(to) || to === "lib/shared/crypto/web"; // pages: no service area, no db
}

/** Known crossings, each to be removed by the issue that owns it (file → unit). */
const EXCEPTIONS = new Set<string>([]);

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The folder an import lands in: lib/<area> (lib/shared/ids.ts is "lib/shared/ids"), db, app/<group>, or null when not ours. */
function unitOf(rel: string): string | null {
  const parts = rel.split("/");
  if (parts[0] === "db") return "db";
  if (parts[0] === "lib") return parts.length > 2 ? `lib/${parts[1]}` : `lib/${parts[1].replace(/\.(ts|tsx)$/, "")}`;
  if (parts[0] === "app") return parts.length > 2 ? `app/${parts[1]}` : "app";
  return null;
}

function layerOf(unit: string): number {
  const i = LAYERS.findIndex((l) => l.units.includes(unit));
  return i >= 0 ? i : DOMAIN;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** Statements at a line start (not in JSDoc): import/export … from "x", import "x"; and import("x") anywhere. */
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*["']([^"']+)["']/gm,
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every import (static, type-only, re-export, dynamic) of a file, as a root-relative path; packages dropped. */
function importsOf(rel: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, rel), "utf8");
  const out: string[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const [, spec] of text.matchAll(pattern)) {
      if (spec.startsWith("@/")) out.push(spec.slice(2));
      else if (spec.startsWith(".")) out.push(path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec)));
    }
  }
  return out;
}

interface Edge {
  file: string;
  from: string;
  to: string;
}

function edgesOf(files: string[], read: (rel: string) => string[] = importsOf): Edge[] {
  const edges: Edge[] = [];
  for (const file of files) {
    const from = unitOf(file)!;
    for (const target of read(file)) {
      const to = unitOf(target);
      if (to && to !== from) edges.push({ file, from, to });
    }
  }
  return edges;
}

/** Why an edge breaks a wall, or null when it may stand. */
function wallBroken(e: Edge): string | null {
  if (EXCEPTIONS.has(`${e.file} -> ${e.to}`)) return null;
  if (INTEGRATOR_SIDE.has(e.from))
    return integratorMayImport(e.from, e.to) ? null : "the integrator side reaches the service only through lib/sdk";
  if (INTEGRATOR_SIDE.has(e.to)) return "the service never imports the integrator side";
  if (e.from === "lib/shared/crypto/web") return "lib/shared/crypto/web imports nothing of ours";
  const from = layerOf(e.from);
  const to = layerOf(e.to);
  return to > from ? `${LAYERS[from].name} layer imports the higher ${LAYERS[to].name} layer` : null;
}

/** Strongly connected components of more than one unit (Tarjan). */
function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const e of edges) {
    if (!next.has(e.from)) next.set(e.from, new Set());
    next.get(e.from)!.add(e.to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1) found.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One shortest way round from `start` back to itself, each step named by the file that takes it. */
function shortestCycle(start: string, edges: Edge[]): string[] {
  const via = new Map<string, Edge>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const e of edges.filter((x) => x.from === v)) {
      if (e.to === start) {
        const steps = [e];
        for (let u = v; u !== start; u = via.get(u)!.from) steps.unshift(via.get(u)!);
        return [start, ...steps.map((x) => `${x.to} (${x.file})`)];
      }
      if (!via.has(e.to)) {
        via.set(e.to, e);
        queue.push(e.to);
      }
    }
  }
  return [start];
}

describe("walls between folders (ARCHITECTURE.md)", () => {
  const files = ["lib", "db", "app"].flatMap((d) => sourceFiles(d));
  const edges = edgesOf(files);

  it("reads the tree", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === "lib/server/quotes" && e.to === "lib/server/money")).toBe(true);
  });

  it("no folder imports a folder in a higher layer, and the integrator side stays behind lib/sdk", () => {
    const broken = edges.flatMap((e) => {
      const why = wallBroken(e);
      return why ? [`${e.file} imports ${e.to}: ${why}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("no two folders import each other, directly or round a longer cycle", () => {
    const found = cycles(edges).map((scc) => {
      const inside = edges.filter((e) => scc.includes(e.from) && scc.includes(e.to));
      return shortestCycle(scc[0], inside).join(" -> ");
    });
    expect(found).toEqual([]);
  });

  it("no file-level import cycle under lib/ or db/ (shared types go in a types-only module: db/types.ts)", () => {
    const libFiles = files.filter((f) => f.startsWith("lib/") || f.startsWith("db/"));
    const resolve = (target: string) =>
      [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((c) => libFiles.includes(c));
    const fileEdges = libFiles.flatMap((file) =>
      importsOf(file).flatMap((t) => {
        const to = resolve(t);
        return to && to !== file ? [{ file, from: file, to }] : [];
      }),
    );
    expect(cycles(fileEdges)).toEqual([]);
  });

  it("the checks catch a back-edge and a circle", () => {
    const planted = (file: string, target: string) => edgesOf([file], () => [target])[0];
    expect(wallBroken(planted("lib/server/core/errors.ts", "lib/server/platforms/authenticate-platform"))).toMatch(
      /higher domain layer/,
    );
    expect(wallBroken(planted("lib/server/money/limits.ts", "lib/server/quotes/quote-view"))).toMatch(
      /higher domain layer/,
    );
    expect(wallBroken(planted("lib/sdk/client.ts", "lib/server/quotes/quote.contract"))).toMatch(
      /only through lib\/sdk/,
    );
    expect(wallBroken(planted("lib/integrator/backend/oidc.ts", "lib/server/agents/agent.contract"))).toMatch(
      /only through lib\/sdk/,
    );
    expect(wallBroken(planted("lib/server/cards/issue-card.ts", "lib/server/money/limits"))).toBeNull();
    expect(
      cycles([
        planted("lib/server/cards/a.ts", "lib/server/uma/b"),
        planted("lib/server/uma/b.ts", "lib/server/cards/a"),
      ]),
    ).toEqual([["lib/server/cards", "lib/server/uma"]]);
  });
});
