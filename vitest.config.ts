import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          // ARCHITECTURE.md "Tests": beside the module they test (lib/, db/, test/support/), and the guards.
          include: ["lib/**/*.test.ts", "db/**/*.test.ts", "test/support/**/*.test.ts", "test/contract/**/*.test.ts"],
          // In the same group as the integration tests, on the same two workers: the unit files fill the gaps the
          // integration files leave (servers starting, timers) instead of running alone first, on about one core.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          environment: "node",
          include: ["test/integration/**/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
