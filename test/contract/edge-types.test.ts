import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The edge's types refuse what the runtime would: tsc is run on planted handlers and must
 * refuse (a) reading ctx.agent in a platform operation and (b) a reply its response schemas do not allow, and
 * accept the well-typed one. test/types/edge-types.test-d.ts holds the same cases under `@ts-expect-error`.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-types-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const HEADER = [
  'import { handle, reply } from "@/lib/server/edge/http/handler";',
  'import { getCardOp, type Card } from "@/lib/server/cards/card.contract";',
  "declare const card: Card;",
];

/** tsc's errors on one planted file, as `line: TScode`. */
function typeErrors(name: string, body: string[]): string[] {
  const file = path.join(dir, `${name}.ts`);
  fs.writeFileSync(file, [...HEADER, ...body, ""].join("\n"));
  const config = path.join(dir, `${name}.tsconfig.json`);
  fs.writeFileSync(
    config,
    JSON.stringify({
      extends: path.join(ROOT, "tsconfig.json"),
      compilerOptions: { incremental: false, plugins: [] },
      files: [file],
      include: [],
    }),
  );
  const r = spawnSync(path.join(ROOT, "node_modules/.bin/tsc"), ["--noEmit", "-p", config], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return [...r.stdout.matchAll(/\.ts\((\d+),\d+\): error (TS\d+)/g)]
    .filter((m) => r.stdout.includes(`${name}.ts(${m[1]}`))
    .map((m) => `${Number(m[1]) - HEADER.length}: ${m[2]}`);
}

describe("handler types follow the operation (lib/server/core/context.ts, reply.ts)", () => {
  it("accepts a handler that reads its own principal and replies with its response schema's shape", () => {
    expect(
      typeErrors("good", ["handle(getCardOp, async ({ platform }) => { platform.id; return reply(200, card); });"]),
    ).toEqual([]);
  }, 120_000);

  it("refuses ctx.agent in a platform operation", () => {
    expect(
      typeErrors("agent", ["handle(getCardOp, async (ctx) => { ctx.agent.agentId; return reply(200, card); });"]),
    ).toEqual(["1: TS2339"]);
  }, 120_000);

  it("refuses a body the response schema does not allow, and a status the operation does not declare", () => {
    const errors = typeErrors("body", [
      'handle(getCardOp, async () => reply(200, { id: "Card:1", name: "not a card" }));',
      "handle(getCardOp, async () => reply(201, card));",
    ]);
    expect(errors.map((e) => e.split(":")[0])).toEqual(["1", "2"]);
  }, 120_000);
});
