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
