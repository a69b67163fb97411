#!/usr/bin/env node
// Prints the figures the Playwright run recorded (flow wall times, wallet page weight) from its JSON report.
import fs from "node:fs";

const file = process.argv[2] || "test-results/playwright.json";
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const walk = (suite) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests) {
      for (const a of t.annotations ?? []) console.log(`${a.type.padEnd(22)} ${a.description}`);
    }
  }
  for (const s of suite.suites ?? []) walk(s);
};
for (const s of report.suites) walk(s);

// The wallet's goals, from the journeys' annotations: sign-in to balance visible, the slowest of the run.
const goals = [
  [/^email sign-in to balance visible/, 1500],
  [/^passkey sign-in to balance visible/, 1000],
];
const flows = [];
const collect = (suite) => {
  for (const spec of suite.specs ?? [])
    for (const t of spec.tests)
      for (const a of t.annotations ?? []) if (a.type === "flow-ms") flows.push(a.description);
  for (const s of suite.suites ?? []) collect(s);
};
for (const s of report.suites) collect(s);
for (const [re, limit] of goals) {
  const ms = flows.filter((d) => re.test(d)).map((d) => Number(/: (\d+) ms$/.exec(d)?.[1]));
  if (ms.length)
    console.log(
      `goal ${re.source.slice(1)} ≤ ${limit} ms: worst ${Math.max(...ms)} ms of ${ms.length} (${Math.max(...ms) <= limit ? "met" : "missed"})`,
    );
}
