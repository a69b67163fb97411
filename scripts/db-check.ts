/**
 * Fails when db/schema and db/migrations disagree: drizzle-kit generates into a copy of the
 * migrations folder; any new file means the schema has changes no migration holds.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const src = path.resolve("db/migrations");
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "db-check-"));
fs.cpSync(src, tmp, { recursive: true });
const before = new Set(listFiles(tmp));
const r = spawnSync(path.resolve("node_modules/.bin/drizzle-kit"), ["generate"], {
  env: { ...process.env, DRIZZLE_OUT: tmp },
  encoding: "utf8",
});
if (r.status !== 0) {
  console.error(r.stdout, r.stderr);
  console.error("db:check: drizzle-kit generate failed");
  process.exit(1);
}
const added = listFiles(tmp).filter((f) => !before.has(f));
fs.rmSync(tmp, { recursive: true, force: true });
if (added.length > 0) {
  console.error(
    `db:check: the schema has changes that no migration holds (would add ${added.join(", ")}). Run npm run db:generate.`,
  );
  process.exit(1);
}
console.log("db:check: schema and migrations agree");

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true }).map(String).sort();
}
