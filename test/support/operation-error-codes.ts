/**
 * The error codes each operation can answer, read from the source (an upper bound): the route file of the operation and
 * every module of ours it reaches through imports, below the edge (lib/<area>, lib/money), with every
 * `ApiError("CODE"`, `notFound("CODE"` and `new ApiError(\n "CODE"` in them; plus what the edge answers for every
 * operation (lib/http/handler.ts: 400 INVALID_INPUT for bad params, query or body, 401 UNAUTHORIZED, 500 INTERNAL_ERROR).
 * Compared with Grid's documented codes per operation in test/unit/error-codes-per-operation.test.ts.
 */
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ROUTES = "app/api/2025-10-13";
/** Folders below or beside the edge whose codes are the edge's (answered for every operation) or none at all. */
const NOT_FOLLOWED = [
  "lib/api-core",
  "lib/http",
  "lib/openapi",
  "lib/crypto",
  "lib/crypto-node",
  "lib/log",
  "lib/config",
  "lib/sdk",
  "lib/integrator",
  "db",
];
export const EDGE_CODES = ["INVALID_INPUT", "UNAUTHORIZED", "INTERNAL_ERROR"];

const CODE_PATTERNS = [/\b(?:ApiError|notFound)\(\s*"([A-Z0-9_]+)"/g];

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  else return null;
  for (const candidate of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base]) {
    const full = path.join(ROOT, candidate);
    if (fs.existsSync(full) && fs.statSync(full).isFile()) return candidate;
  }
  return null;
}

function importsOf(rel: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, rel), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s(?!type\b)[^;'"]*?\bfrom\s*["']([^"']+)["']/gm)) {
    const r = resolveImport(rel, m[1]);
    if (r) out.push(r);
  }
  for (const m of text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) {
    const r = resolveImport(rel, m[1]);
    if (r) out.push(r);
  }
  return out;
}

const followed = (rel: string) => !NOT_FOLLOWED.some((f) => rel === `${f}.ts` || rel.startsWith(`${f}/`));

const codesCache = new Map<string, Set<string>>();
function codesOfFile(rel: string): Set<string> {
  let codes = codesCache.get(rel);
  if (!codes) {
    codes = new Set();
    const text = fs.readFileSync(path.join(ROOT, rel), "utf8");
    for (const p of CODE_PATTERNS) for (const m of text.matchAll(p)) codes.add(m[1]);
    codesCache.set(rel, codes);
  }
  return codes;
}

/** The route file serving `method path` (path parameters matched by position, whatever their names). */
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

/** Every code the route file and what it reaches can throw, with the edge's. */
export function codesOfRoute(routeFile: string): Set<string> {
  const seen = new Set<string>();
  const queue = [routeFile];
  const codes = new Set(EDGE_CODES);
  while (queue.length) {
    const rel = queue.pop() as string;
    if (seen.has(rel)) continue;
    seen.add(rel);
    for (const c of codesOfFile(rel)) codes.add(c);
    for (const dep of importsOf(rel)) if (followed(dep) && !seen.has(dep)) queue.push(dep);
  }
  return codes;
}
