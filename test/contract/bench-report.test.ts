import { describe, expect, it } from "vitest";
import { reportTable, renderedReadme } from "../../scripts/bench-report";

describe("npm run bench:report", () => {
  it("bench/README.md's figures table is what bench/figures/*.json say", () => {
    const { current, wanted } = renderedReadme();
    expect(current).toBe(wanted);
  });

  it("names each figure's bound with met or missed, and the machine and date of each bench's run", () => {
    const table = reportTable([
      {
        bench: "x",
        command: "npm run bench:x",
        measuredAt: "2026-12-03T10:00:00.000Z",
        machine: { cores: 2, cpu: "Test CPU", node: "v20.0.0", loadAverageAtEnd: 1.5 },
        figures: [
          { name: "ratio", value: 0.8123, unit: "×", target: "≥ 0.8", met: true },
          { name: "p99", value: 61, unit: "ms", target: "≤ 50 ms", met: false },
        ],
      },
    ]);
    expect(table).toContain(
      "| `npm run bench:x` | ratio | 0.812 × | ≥ 0.8: met | 2026-12-03, 2 cores (Test CPU), load 1.5 |",
    );
    expect(table).toContain("| | p99 | 61 ms | ≤ 50 ms: **missed** | |");
  });
});
