import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Rules that live once: a service-side 400 INVALID_INPUT is built by invalidInput()
 * (lib/server/core/validation.ts), never by hand, so every one has the same shape (message, details.errors[]).
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return rel === "lib/integrator" ? [] : sources(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

describe("one implementation per rule", () => {
  it("builds every INVALID_INPUT with invalidInput()", () => {
    const handBuilt = ["lib", "app", "db"]
      .flatMap(sources)
      .filter((f) => f !== "lib/server/core/validation.ts")
      .flatMap((f) => {
        const text = fs.readFileSync(path.join(ROOT, f), "utf8");
        return [...text.matchAll(/new ApiError\(\s*"INVALID_INPUT"/g)].map(
          (m) => `${f}:${text.slice(0, m.index).split("\n").length}`,
        );
      });
    expect(handBuilt).toEqual([]);
  });
});
