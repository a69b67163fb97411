/** What the HTTP benchmarks share: one autocannon run over rotating targets, a process tree's CPU time, medians. */
import fs from "node:fs";
import autocannon from "autocannon";

export const CONNECTIONS = 32;

export type Target = { path: string; auth?: string; method?: "GET" | "POST"; body?: string };

/** One autocannon run at CONNECTIONS connections, each request the next of `targets`. */
export async function measure(url: string, targets: Target[], limit: { duration: number } | { amount: number }) {
  let i = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    ...limit,
    requests: [
      {
        setupRequest: (req: { method?: string; path: string; headers?: Record<string, string>; body?: string }) => {
          const t = targets[i++ % targets.length];
          req.method = t.method ?? "GET";
          req.path = t.path;
          req.headers = { ...(t.auth ? { authorization: t.auth } : {}), ...(t.body ? { "content-type": "application/json" } : {}) };
          req.body = t.body;
          return req;
        },
      },
    ],
  });
}

const CLK_TCK = 100;

/**
 * CPU time (ms) used so far by a process and its descendants, from /proc (Linux). Requests per CPU-second
 * is what a server would do with a core of its own, whatever else runs on the machine.
 */
export function cpuMs(rootPid: number): number {
  let ticks = 0;
  const stack = [rootPid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
      for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
        const kids = fs.readFileSync(`/proc/${pid}/task/${t}/children`, "utf8").trim();
        if (kids) stack.push(...kids.split(" ").map(Number));
      }
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / CLK_TCK;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
