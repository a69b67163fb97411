/**
 * What a bench leaves behind: its headline figures as JSON in bench/figures/<bench>.json (committed), from which
 * `npm run bench:report` writes the table of bench/README.md. Each file names the machine it was measured on (cores,
 * CPU model, load average) and the date, so that a figure is never read without them.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Figure {
  /** What was measured, as the table shows it. */
  name: string;
  value: number;
  unit: string;
  /** The bound, as words ("≤ 2 × the durable transaction", "≥ 0.30 × (b)"), when the bench checks one. */
  target?: string;
  met?: boolean;
}

export interface BenchFigures {
  bench: string;
  command: string;
  measuredAt: string;
  machine: { cores: number; cpu: string; node: string; loadAverageAtEnd: number };
  figures: Figure[];
}

export const FIGURES_DIR = path.resolve(import.meta.dirname, "figures");

/** Writes the run's figures; `BENCH_FIGURES=0` leaves the committed file alone (a trial run, a variant). */
export function recordFigures(bench: string, figures: Figure[]): void {
  if (process.env.BENCH_FIGURES === "0") return;
  const out: BenchFigures = {
    bench,
    command: `npm run bench:${bench}`,
    measuredAt: new Date().toISOString(),
    machine: {
      cores: os.cpus().length,
      cpu: os.cpus()[0]?.model.trim() ?? "unknown",
      node: process.version,
      loadAverageAtEnd: Math.round(os.loadavg()[0] * 10) / 10,
    },
    figures,
  };
  fs.mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${bench}.json`);
  fs.writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
  console.log(
    `figures written to ${path.relative(process.cwd(), file)} (npm run bench:report puts them in bench/README.md)`,
  );
}
