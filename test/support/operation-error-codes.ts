/**
 * The error codes each operation can answer, read from the source: an upper bound by a call graph of top-level
 * declarations. From the operation's route file, every declaration it references is followed (an imported name to its
 * declaration in the module it comes from, a local name to its own), and every `ApiError("CODE"` / `notFound("CODE"`
 * in a declaration reached counts. The edge (lib/server/edge/http/handler.ts) answers 400 INVALID_INPUT (params, query or body),
 * 401 UNAUTHORIZED and 500 INTERNAL_ERROR for every operation; its transport answers (405; for a multipart body 408,
 * 413, 415 and 429) are not the operation's. Compared with Grid's documented codes per operation in test/contract/error-codes-per-operation.test.ts.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTES = "app/api/2025-10-13";
/** Modules whose codes are the edge's (answered for every operation) or that throw none of an operation's. */
const NOT_FOLLOWED = [
  "lib/server/core",
  "lib/server/edge/http",
  "lib/server/edge/openapi",
  "lib/sdk",
  "lib/integrator",
  "lib/shared/log",
  "lib/shared/config",
];
const EDGE_CODES = ["INVALID_INPUT", "UNAUTHORIZED", "INTERNAL_ERROR"];

interface Decl {
  codes: Set<string>;
  /** Names this declaration refers to: [module file or null for this file, name]. */
  refs: [string | null, string][];
}

interface Module {
  decls: Map<string, Decl>;
  /** Local name → [resolved module file, exported name]. */
  imports: Map<string, [string, string]>;
}

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full)) return candidate;
  }
  return null;
}

const modules = new Map<string, Module>();

/** A statement at the start of a line: the files are Biome-formatted, so every top-level declaration starts in column 0. */
const TOP =
  /^(?:export\s+)?(?:default\s+)?(?:async\s+)?(function\*?|const|let|var|class|type|interface|enum|import|export)\b\s*([A-Za-z_$][\w$]*)?/;

/** The source without comments and with string contents blanked but for the first argument of a thrower. */
function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, " ")).replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

function moduleOf(rel: string): Module {
  const cached = modules.get(rel);
  if (cached) return cached;
  const text = stripComments(fs.readFileSync(path.join(ROOT, rel), "utf8"));
  const mod: Module = { decls: new Map(), imports: new Map() };
  modules.set(rel, mod);
  for (const m of text.matchAll(/^import\s+(?!type\b)([^;]*?)\s+from\s+["']([^"']+)["']/gm)) {
    const target = resolveImport(rel, m[2]);
    if (!target) continue;
    const clause = m[1];
    const named = clause.match(/\{([^}]*)\}/);
    for (const part of named ? named[1].split(",") : []) {
      const t = part.trim();
      if (!t || t.startsWith("type ")) continue;
      const [orig, local] = t.split(/\s+as\s+/);
      mod.imports.set((local ?? orig).trim(), [target, orig.trim()]);
    }
    const ns = clause.match(/\*\s+as\s+([A-Za-z_$][\w$]*)/);
    if (ns) mod.imports.set(ns[1], [target, "*"]);
    const def = clause.match(/^([A-Za-z_$][\w$]*)\s*(,|$)/);
    if (def) mod.imports.set(def[1], [target, "default"]);
  }
  for (const m of text.matchAll(/^export\s+(?!type\b)\{([^}]*)\}\s+from\s+["']([^"']+)["']/gm)) {
    const target = resolveImport(rel, m[2]);
    if (!target) continue;
    for (const part of m[1].split(",")) {
      const t = part.trim();
      if (!t || t.startsWith("type ")) continue;
      const [orig, local] = t.split(/\s+as\s+/);
      mod.imports.set((local ?? orig).trim(), [target, orig.trim()]);
    }
  }
  // Split into top-level declarations: each runs from its column-0 line to the next one.
  const lines = text.split("\n");
  let current: { name: string; body: string[] } | null = null;
  const flush = () => {
    if (!current) return;
    const body = current.body.join("\n");
    const d: Decl = { codes: new Set(), refs: [] };
    for (const c of body.matchAll(/\b(?:ApiError|notFound)\(\s*"([A-Z0-9_]+)"/g)) d.codes.add(c[1]);
    const code = body.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, '""');
    const names = new Set([...code.matchAll(/(?<![.\w$])([A-Za-z_$][\w$]*)\b/g)].map((r) => r[1]));
    names.delete(current.name);
    for (const n of names) d.refs.push([null, n]);
    mod.decls.set(current.name, d);
    current = null;
  };
  for (const line of lines) {
    const top = /^\S/.test(line) && !/^[})\]]/.test(line) ? line.match(TOP) : null;
    if (top) {
      flush();
      const kind = top[1];
      if (kind === "type" || kind === "interface" || kind === "import" || kind === "export") continue;
      current = { name: top[2] ?? "default", body: [line] };
    } else if (current) current.body.push(line);
  }
  flush();
  return mod;
}

/**
 * Followed although it is in lib/server/core: the upload reader's codes (408, 413, 415, 429) are an operation's when
 * its service calls it (POST /customers/bulk/csv); through the edge (readFormBody) they are transport answers.
 */
const FOLLOWED_ANYWAY = ["lib/server/core/multipart.ts"];
const followed = (rel: string) =>
  FOLLOWED_ANYWAY.includes(rel) || !NOT_FOLLOWED.some((f) => rel === `${f}.ts` || rel.startsWith(`${f}/`));

/** The route file serving `path` (path parameters matched by position, whatever their names). */
export function routeFileOf(opPath: string): string | null {
  let dir = ROUTES;
  for (const seg of opPath.split("/").filter(Boolean)) {
    const entries = fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).filter((e) => e.isDirectory());
    const next = seg.startsWith("{")
      ? entries.find((e) => e.name.startsWith("[") && !e.name.startsWith("[..."))
      : entries.find((e) => e.name === seg);
    if (!next) return null;
    dir = `${dir}/${next.name}`;
  }
  const file = `${dir}/route.ts`;
  return fs.existsSync(path.join(ROOT, file)) ? file : null;
}

/** Every code the declarations reachable from the route file throw, with the edge's. */
export function codesOfRoute(routeFile: string): Set<string> {
  const codes = new Set(EDGE_CODES);
  const seen = new Set<string>();
  const route = moduleOf(routeFile);
  const queue: [string, string][] = [...route.decls.keys()].map((n) => [routeFile, n]);
  while (queue.length) {
    const [file, name] = queue.pop() as [string, string];
    const key = `${file}#${name}`;
    if (seen.has(key) || !followed(file)) continue;
    seen.add(key);
    const mod = moduleOf(file);
    const imported = mod.imports.get(name);
    if (imported) {
      if (imported[1] === "*")
        queue.push(...[...moduleOf(imported[0]).decls.keys()].map((n) => [imported[0], n] as [string, string]));
      else queue.push(imported);
      continue;
    }
    const decl = mod.decls.get(name);
    if (!decl) continue;
    for (const c of decl.codes) codes.add(c);
    for (const [, ref] of decl.refs) if (mod.decls.has(ref) || mod.imports.has(ref)) queue.push([file, ref]);
  }
  return codes;
}
