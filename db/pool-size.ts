import os from "node:os";

/**
 * PostgreSQL connections per process: DATABASE_POOL_SIZE, else twice the CPUs this process may use,
 * at least 4. A small pool lets the driver pipeline concurrent queries on each connection (one write and
 * one read for several queries); on the 2-core bench machine 4 connections served the agent lookup about
 * 15% faster than 10, with a lower p99 (bench/README.md).
 */
export function databasePoolSize(env: Record<string, string | undefined> = process.env): number {
  const configured = Number(env.DATABASE_POOL_SIZE);
  if (Number.isInteger(configured) && configured > 0) return configured;
  return Math.max(4, 2 * os.availableParallelism());
}
