/**
 * npm run bench:report — writes the "Latest figures" table of bench/README.md from bench/figures/*.json, the figures
 * each bench records at the end of its run (bench/figures.ts). `--check` writes nothing and fails when the table is
 * not what the files say (test/contract/bench-report.test.ts runs it).
 */
import fs from "node:fs";
import path from "node:path";
import { type BenchFigures, FIGURES_DIR } from "../bench/figures";

const README = path.resolve(import.meta.dirname, "../bench/README.md");
const START = "<!-- bench:report start: written by npm run bench:report from bench/figures/*.json -->";
const END = "<!-- bench:report end -->";

function fmt(v: number): string {
  if (Number.isInteger(v)) return v.toLocaleString("en-US");
  return Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(2) : v.toFixed(3);
}

export function reportTable(files: BenchFigures[]): string {
  const rows = ["| bench | figure | value | bound | measured on |", "|---|---|---:|---|---|"];
  for (const f of [...files].sort((a, b) => a.bench.localeCompare(b.bench))) {
    const machine = `${f.measuredAt.slice(0, 10)}, ${f.machine.cores} cores (${f.machine.cpu}), load ${f.machine.loadAverageAtEnd}`;
    f.figures.forEach((g, i) => {
      const bound = g.target ? `${g.target}: ${g.met ? "met" : "**missed**"}` : "";
      const cells = [
        i === 0 ? `\`${f.command}\`` : "",
        g.name,
        `${fmt(g.value)} ${g.unit}`.trim(),
        bound,
        i === 0 ? machine : "",
      ];
      // An empty cell is written "| |", as Markdown tables usually are.
      rows.push(`| ${cells.join(" | ")} |`.replace(/ {2,}/g, " "));
    });
  }
  return rows.join("\n");
}

function readFigures(): BenchFigures[] {
  if (!fs.existsSync(FIGURES_DIR)) return [];
  return fs
    .readdirSync(FIGURES_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(fs.readFileSync(path.join(FIGURES_DIR, f), "utf8")) as BenchFigures);
}

export function renderedReadme(): { current: string; wanted: string } {
  const current = fs.readFileSync(README, "utf8");
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  if (start < 0 || end < start) throw new Error(`bench/README.md has no ${START} … ${END} section`);
  const wanted = `${current.slice(0, start + START.length)}\n${reportTable(readFigures())}\n${current.slice(end)}`;
  return { current, wanted };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const { current, wanted } = renderedReadme();
  if (process.argv.includes("--check")) {
    if (current !== wanted) {
      console.error("bench/README.md's figures are not bench/figures/*.json's: run npm run bench:report");
      process.exit(1);
    }
  } else {
    fs.writeFileSync(README, wanted);
    console.log("bench/README.md: figures table written");
  }
}
