import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The walls of ARCHITECTURE.md ("Layers"), checked on every import of every non-test file under lib/, db/ and app/.
 * The service's layers are folders. Bottom up (a unit may import its own layer or a lower one, never a higher one);
 * a folder belongs to the layer of the longest root that holds it:
 */
const LAYERS: { name: string; roots: string[] }[] = [
  { name: "shared", roots: ["lib/shared"] },
  { name: "core", roots: ["lib/server/core"] },
  { name: "db", roots: ["db"] },
  { name: "money", roots: ["lib/server/money"] },
  { name: "domain", roots: ["lib/server"] }, // every lib/server/<area> not named here: a new area needs no edit
  { name: "edge", roots: ["lib/server/edge"] },
  { name: "routes", roots: ["app"] },
];
/** The layers' folders under lib/ that are not domain areas. */
const SERVER_LAYERS = new Set(["core", "money", "edge"]);
/** The isomorphic crypto core: the one thing of the service's both sides use, and itself imports nothing of ours. */
const CRYPTO_WEB = "lib/shared/crypto/web";

/** Integrator side: reaches the service only over HTTP through lib/sdk. */
const SDK = "lib/sdk";
const INTEGRATOR_LIBS = ["lib/integrator"];
/** `app` is the root's own files (layout, 404): they frame only the integrator's pages and share their UI. */
const INTEGRATOR_PAGES = ["app", "app/(front)", "app/(wallet)", "app/console", "app/integrator"];
const INTEGRATOR_SIDE = new Set([SDK, ...INTEGRATOR_LIBS, ...INTEGRATOR_PAGES]);
/** lib/'s entries: the service's two roots and the integrator side's two. */
const LIB_ROOTS = ["lib/shared", "lib/server", ...INTEGRATOR_LIBS, SDK];

/** What each integrator unit may import besides itself. The backend keeps its own tables in db (sdk-boundary.test.ts: one door). */
function integratorMayImport(from: string, to: string): boolean {
  if (from === SDK) return to === CRYPTO_WEB;
  if (INTEGRATOR_LIBS.includes(from))
    return to === SDK || INTEGRATOR_LIBS.includes(to) || to === CRYPTO_WEB || to === "db";
  return to === SDK || INTEGRATOR_LIBS.includes(to) || to === CRYPTO_WEB; // pages: no service area, no db
}

/** Known crossings, each to be removed by the issue that owns it (file → unit). */
const EXCEPTIONS = new Set<string>([]);

const ROOT = path.resolve(import.meta.dirname, "../..");

const within = (p: string, root: string) => p === root || p.startsWith(`${root}/`);

/**
 * The folder an import lands in, or null when not ours: db; app/<group>; lib/sdk and lib/integrator whole; under lib/
 * otherwise the file's folder, down to four names: lib/shared (ids.ts), lib/shared/crypto/web, lib/server/edge/http,
 * lib/server/<area> and an area's part lib/server/<area>/<part> (lib/server/customers/deletion).
 */
function unitOf(rel: string): string | null {
  const parts = rel.split("/");
  if (parts[0] === "db") return "db";
  if (parts[0] === "app") return parts.length > 2 ? `app/${parts[1]}` : "app";
  if (parts[0] !== "lib") return null;
  if (fs.statSync(path.join(ROOT, rel), { throwIfNoEntry: false })?.isDirectory()) parts.push("index"); // its index.ts
  const whole = [SDK, ...INTEGRATOR_LIBS].find((r) => within(rel, r));
  return whole ?? parts.slice(0, Math.min(parts.length - 1, 4)).join("/");
}

function layerOf(unit: string): number {
  let best = -1;
  let bestLength = -1;
  for (const [i, l] of LAYERS.entries())
    for (const r of l.roots)
      if (within(unit, r) && r.length > bestLength) {
        best = i;
        bestLength = r.length;
      }
  return best;
}

/** The domain area a unit is part of (lib/server/<area>), or the unit itself outside the domain layer. */
function areaOf(unit: string): string {
  const parts = unit.split("/");
  return parts[0] === "lib" && parts[1] === "server" && parts.length > 3 && !SERVER_LAYERS.has(parts[2]!)
    ? parts.slice(0, 3).join("/")
    : unit;
}

/** Why a folder or file under lib/ is outside the layout (with where it belongs instead), or null when it fits. */
function outsideLayout(rel: string, isDir: boolean): string | null {
  const parts = rel.split("/");
  const name = parts.at(-1)!;
  const parent = parts.slice(0, -1).join("/");
  if (parent === "lib/server" && !isDir)
    return `${rel} lies loose in lib/server, which holds only folders: put it in the area it serves (lib/server/<area>/) or in lib/server/core/ if every area needs it`;
  if (parent !== "lib" || (isDir && LIB_ROOTS.includes(rel))) return null; // what is inside a root belongs to its layer
  return isDir
    ? `${rel}/ is outside the layout (ARCHITECTURE.md "Layers"): a domain area goes to lib/server/${name}/, a part of an area to lib/server/<area>/${name}/, plumbing every layer may use (importing nothing of the service) to lib/shared/${name}/, the example partner's code under lib/integrator/`
    : `${rel} is outside the layout (ARCHITECTURE.md "Layers"): leaf code every layer may use goes to lib/shared/${name}, anything else into its area's folder under lib/server/`;
}

function layoutEntries(dir: string): { rel: string; isDir: boolean }[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    return e.isDirectory() ? [{ rel, isDir: true }, ...layoutEntries(rel)] : [{ rel, isDir: false }];
  });
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
  if (e.from === CRYPTO_WEB) return `${CRYPTO_WEB} imports nothing of ours`;
  const from = layerOf(e.from);
  const to = layerOf(e.to);
  if (from < 0 || to < 0) return `${from < 0 ? e.from : e.to} is outside the layout`;
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

  it("every folder under lib/ is in a layer of the layout, and lib/ holds only the layers' roots", () => {
    const outside = layoutEntries("lib").flatMap(({ rel, isDir }) => outsideLayout(rel, isDir) ?? []);
    expect(outside).toEqual([]);
    expect(fs.readdirSync(path.join(ROOT, "lib")).sort()).toEqual(LIB_ROOTS.map((r) => r.slice(4)).sort());
  });

  it("no two folders import each other, directly or round a longer cycle (an area's parts are the area)", () => {
    const between = edges.filter((e) => areaOf(e.from) !== areaOf(e.to));
    const found = cycles(between).map((scc) => {
      const inside = between.filter((e) => scc.includes(e.from) && scc.includes(e.to));
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

  it("the checks catch a back-edge, a circle and a folder outside the layout", () => {
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
    expect(wallBroken(planted("lib/server/customers/deletion/x.ts", "lib/server/cards/card-view"))).toBeNull();
    expect(wallBroken(planted("lib/server/core/x.ts", "lib/server/money/limits"))).toMatch(
      /core layer imports the higher money/,
    );
    expect(wallBroken(planted("lib/server/webhooks/x.ts", "lib/server/edge/http/handler"))).toMatch(
      /higher edge layer/,
    );
    expect(wallBroken(planted("lib/shared/log/x.ts", "db/client"))).toMatch(/shared layer imports the higher db layer/);
    expect(wallBroken(planted("lib/shared/crypto/web/x.ts", "lib/shared/ids"))).toMatch(/imports nothing of ours/);
    expect(wallBroken(planted("lib/shared/crypto/node/x.ts", "lib/shared/crypto/web/sha256"))).toBeNull();
    const partCircle = [
      planted("lib/server/customers/deletion/a.ts", "lib/server/cards/b"),
      planted("lib/server/cards/b.ts", "lib/server/customers/deletion/a"),
    ];
    expect(cycles(partCircle)).toEqual([["lib/server/cards", "lib/server/customers/deletion"]]);
    expect(areaOf("lib/server/customers/deletion")).toBe("lib/server/customers");
    expect(areaOf("lib/server/edge/http")).toBe("lib/server/edge/http");
    expect(outsideLayout("lib/server/kyc", true)).toBeNull();
    expect(outsideLayout("lib/server/agents/actions", true)).toBeNull();
    expect(outsideLayout("lib/shared/crypto/web", true)).toBeNull();
    expect(outsideLayout("lib/kyc", true)).toMatch(/outside the layout.*lib\/server\/kyc\//);
    expect(outsideLayout("lib/helpers.ts", false)).toMatch(/lib\/shared\/helpers\.ts/);
    expect(outsideLayout("lib/server/helpers.ts", false)).toMatch(/loose in lib\/server/);
    expect(wallBroken(planted("lib/kyc/a.ts", "lib/server/money/limits"))).toMatch(/lib\/kyc is outside the layout/);
  });
});
