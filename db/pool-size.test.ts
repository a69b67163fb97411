import os from "node:os";
import { describe, expect, it } from "vitest";
import { databasePoolSize } from "@/db/pool-size";
import { loadEnv } from "@/lib/shared/config/env";

describe("DATABASE_POOL_SIZE", () => {
  it("defaults to twice the usable CPUs, at least 4", () => {
    expect(databasePoolSize({})).toBe(Math.max(4, 2 * os.availableParallelism()));
    expect(databasePoolSize({})).toBeGreaterThanOrEqual(4);
  });
  it("takes a configured size", () => {
    expect(databasePoolSize({ DATABASE_POOL_SIZE: "12" })).toBe(12);
    expect(databasePoolSize({ DATABASE_POOL_SIZE: "1" })).toBe(1);
  });
  it("a bad value stops start-up naming the variable", () => {
    for (const bad of ["0", "-3", "2.5", "lots"]) {
      expect(() => loadEnv({ DATABASE_POOL_SIZE: bad } as unknown as NodeJS.ProcessEnv), bad).toThrow(
        /DATABASE_POOL_SIZE/,
      );
    }
    expect(loadEnv({ DATABASE_POOL_SIZE: "8" } as unknown as NodeJS.ProcessEnv).DATABASE_POOL_SIZE).toBe(8);
  });
});
