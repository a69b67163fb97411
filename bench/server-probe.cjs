/**
 * Preloaded into the benchmarked `next start` by bench/agent-lookup.ts (`node --require bench/server-probe.cjs`),
 * never by the service itself. Inside the server process it records
 *   - event-loop delay (perf_hooks.monitorEventLoopDelay sampling every 1 ms; its histogram holds the whole timer
 *     interval, so the 1 ms is taken off: 0 = the timer fired on time),
 *   - garbage-collection pauses (PerformanceObserver "gc" entries: count, total and longest pause, per kind),
 *   - the server-side latency of each HTTP request, from the server's "request" event to the response's "finish"
 *     (what autocannon measures, less the loopback and the load generator's own queueing),
 *   - the database wait as the server sees it: on each PostgreSQL connection (remote port 5432), from the write
 *     that carries a query's Sync message to the read, in a 'data' event, of its ReadyForQuery; queries pipelined
 *     on one connection are answered in order, so the n-th Sync pairs with the n-th ReadyForQuery. It holds the
 *     queueing behind other queries of the same connection, PostgreSQL's work and the wait for this process's
 *     event loop to read the answer,
 *   - with BENCH_PROBE_PROMISES=1, the promises the process creates (an async_hooks init hook; it costs a little
 *     on every promise, so it is off by default): per request served, a count that does not depend on the load,
 * and answers them on a side port of its own (BENCH_PROBE_PORT, loopback): GET /read returns the figures since
 * the previous read and starts over, so the bench reads once before a round (discarding) and once after it.
 */
"use strict";
const http = require("node:http");
const net = require("node:net");
const { createHistogram, monitorEventLoopDelay, PerformanceObserver, constants } = require("node:perf_hooks");

const port = Number(process.env.BENCH_PROBE_PORT);
const RESOLUTION_MS = 1;
if (port > 0) {
  const eld = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  eld.enable();
  const KINDS = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: "minor",
    [constants.NODE_PERFORMANCE_GC_MAJOR]: "major",
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: "incremental",
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: "weakcb",
  };
  let promises = 0;
  if (process.env.BENCH_PROBE_PROMISES === "1") {
    require("node:async_hooks")
      .createHook({
        init(_id, type) {
          if (type === "PROMISE") promises++;
        },
      })
      .enable();
  }
  let served = createHistogram();
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (...args) {
    const [event, , res] = args;
    if (event === "request" && res && this !== probe) {
      const t0 = process.hrtime.bigint();
      res.once("finish", () => served.record(process.hrtime.bigint() - t0 || 1n));
    }
    return emit.apply(this, args);
  };
  let dbWait = createHistogram();
  const PG_PORT = Number(process.env.BENCH_PROBE_PG_PORT || 5432);
  const pg = new WeakMap();
  /** Count the messages of type `type` in a stream of PostgreSQL messages (1-byte type, 4-byte length). */
  const counter = (type) => {
    const st = { head: Buffer.alloc(5), have: 0, skip: 0 };
    return (buf) => {
      let n = 0;
      for (let i = 0; i < buf.length; ) {
        if (st.skip > 0) {
          const k = Math.min(st.skip, buf.length - i);
          st.skip -= k;
          i += k;
          continue;
        }
        st.head[st.have++] = buf[i++];
        if (st.have === 5) {
          if (st.head[0] === type) n++;
          st.skip = st.head.readInt32BE(1) - 4;
          st.have = 0;
        }
      }
      return n;
    };
  };
  const write = net.Socket.prototype.write;
  net.Socket.prototype.write = function (...args) {
    const [chunk] = args;
    if (this.remotePort === PG_PORT && Buffer.isBuffer(chunk)) {
      let st = pg.get(this);
      if (!st) {
        // The first write is the startup message (no type byte): start counting after it.
        st = { syncs: counter(0x53), readies: counter(0x5a), sent: [] };
        pg.set(this, st);
        this.prependListener("data", (data) => {
          const t = process.hrtime.bigint();
          for (let n = st.readies(data); n > 0; n--) {
            const t0 = st.sent.shift();
            if (t0 !== undefined) dbWait.record(t - t0 || 1n);
          }
        });
      } else {
        const t = process.hrtime.bigint();
        for (let n = st.syncs(chunk); n > 0; n--) st.sent.push(t);
      }
    }
    return write.apply(this, args);
  };
  const fresh = () => ({ count: 0, totalMs: 0, maxMs: 0, byKind: {} });
  let gc = fresh();
  let since = performance.now();
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = KINDS[e.detail?.kind] ?? String(e.detail?.kind);
      gc.count++;
      gc.totalMs += e.duration;
      if (e.duration > gc.maxMs) gc.maxMs = e.duration;
      gc.byKind[kind] ??= { count: 0, totalMs: 0, maxMs: 0 };
      const k = gc.byKind[kind];
      k.count++;
      k.totalMs += e.duration;
      if (e.duration > k.maxMs) k.maxMs = e.duration;
    }
  }).observe({ entryTypes: ["gc"] });
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const delayMs = (ns) => Math.max(0, Math.round(ns / 1e4 - RESOLUTION_MS * 100) / 100);
  const probe = http.createServer((_req, res) => {
    const now = performance.now();
    const out = {
      seconds: (now - since) / 1000,
      eventLoopDelay: {
        p50: delayMs(eld.percentile(50)),
        p99: delayMs(eld.percentile(99)),
        max: delayMs(eld.max),
        mean: delayMs(eld.mean),
      },
      gc,
      served: {
        count: served.count,
        p50: ms(served.percentile(50)),
        p99: ms(served.percentile(99)),
        max: ms(served.max),
      },
      dbWait: {
        count: dbWait.count,
        p50: ms(dbWait.percentile(50)),
        p99: ms(dbWait.percentile(99)),
        max: ms(dbWait.max),
      },
      promises,
      heapUsedMb: Math.round(process.memoryUsage().heapUsed / 1048576),
    };
    eld.reset();
    served = createHistogram();
    dbWait = createHistogram();
    promises = 0;
    gc = fresh();
    since = now;
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(out));
  });
  probe.listen(port, "127.0.0.1").unref();
}
