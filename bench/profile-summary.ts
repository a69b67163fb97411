/**
 * npx tsx bench/profile-summary.ts <file.cpuprofile> [requests] — where a CPU profile's time went (bench/README.md
 * "Money path"): self time grouped by what ran it (our code, drizzle, postgres.js, zod, Next.js and the web streams
 * under it, Node's own I/O, garbage collection, idle), then the costliest functions. With `requests` (how many requests
 * the profiled window served) every figure is also given in CPU-ms per request.
 */
import fs from "node:fs";

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const GROUPS: [string, (n: Node) => boolean][] = [
  ["idle", (n) => n.callFrame.functionName === "(idle)"],
  ["garbage collection", (n) => n.callFrame.functionName === "(garbage collector)"],
  ["V8 and native (program)", (n) => n.callFrame.functionName === "(program)"],
  [
    "socket writes (to PostgreSQL and the client; includes waking the reader)",
    (n) =>
      n.callFrame.url === "" &&
      /^(writeBuffer|writeUtf8String|writev|writeLatin1String)$/.test(n.callFrame.functionName),
  ],
  ["drizzle-orm (building queries, mapping rows)", (n) => /drizzle-orm/.test(n.callFrame.url)],
  ["postgres.js (driver)", (n) => /node_modules\/postgres\//.test(n.callFrame.url)],
  ["zod (validation)", (n) => /node_modules\/zod\//.test(n.callFrame.url)],
  ["Next.js (router, app-route runtime)", (n) => /node_modules\/next\/|\/next-server\//.test(n.callFrame.url)],
  ["Node's own (streams, sockets, http, crypto)", (n) => /^node:|^internal\//.test(n.callFrame.url)],
  [
    "our code (app/, lib/, db/)",
    (n) => /\/(app|lib|db)\//.test(n.callFrame.url) && !/node_modules/.test(n.callFrame.url),
  ],
  ["other packages", (n) => /node_modules/.test(n.callFrame.url)],
  ["other (bundled chunks, builtins)", () => true],
];

export function summarize(profile: Profile, requests?: number): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // The profiler's own work (Profiler.stop serialising the profile inside the window) is not the server's.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const profilerOwn = (id: number): boolean => {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
      if (byId.get(cur)?.callFrame.url === "node:inspector") return true;
    return false;
  };
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (profilerOwn(id)) continue;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id);
    if (!n) continue;
    const group = GROUPS.find(([, test]) => test(n))?.[0] ?? "other";
    groups.set(group, (groups.get(group) ?? 0) + us);
    const where = n.callFrame.url.replace(/^.*\/(node_modules\/|\.next[^/]*\/)/, "$1");
    const key = `${n.callFrame.functionName || "(anonymous)"}  ${where}:${n.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - (groups.get("idle") ?? 0);
  const fmt = (us: number) =>
    `${((100 * us) / total).toFixed(1).padStart(5)} %` +
    (requests ? `  ${(us / 1000 / requests).toFixed(3).padStart(6)} CPU-ms/req` : "");
  const lines = [
    `window ${(total / 1e6).toFixed(1)} s, busy ${((100 * busy) / total).toFixed(0)} %` +
      (requests ? `, ${requests} requests: ${(busy / 1000 / requests).toFixed(2)} CPU-ms/req on the main thread` : ""),
  ];
  for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1])) lines.push(`  ${fmt(us)}  ${g}`);
  lines.push("  costliest functions (self time):");
  for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, 25)) lines.push(`  ${fmt(us)}  ${f}`);
  // Each sample charged to the innermost function of ours on its stack: what our code costs with the library code it
  // calls synchronously (drizzle building a statement, zod, the driver's write). Names need an unminified build
  // (BENCH_UNMINIFIED=1); work resumed after an await is charged to its continuation only.
  const byOwn = new Map<string, number>();
  for (const [id, us] of self) {
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      if (!n || !OURS.test(n.callFrame.url)) continue;
      const key = `${n.callFrame.functionName || "(anonymous)"}  ${n.callFrame.url.replace(/^.*\/chunks\//, "")}:${n.callFrame.lineNumber + 1}`;
      byOwn.set(key, (byOwn.get(key) ?? 0) + us);
      break;
    }
  }
  lines.push("  our own functions, with what they call synchronously:");
  for (const [f, us] of [...byOwn].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`  ${fmt(us)}  ${f}`);
  return lines.join("\n");
}

/** Our code: app/, lib/, db/ unbundled, or a server chunk Next named after them. */
const OURS = /^(?!.*node_modules\/).*(\/(app|lib|db)\/|\/chunks\/(\[root-of-the-server\]__)?(app|lib|db)_)/;

if (process.argv[1]?.endsWith("profile-summary.ts")) {
  const [file, requests] = process.argv.slice(2);
  if (!file) {
    console.error("usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [requests]");
    process.exit(2);
  }
  console.log(summarize(JSON.parse(fs.readFileSync(file, "utf8")) as Profile, requests ? Number(requests) : undefined));
}
