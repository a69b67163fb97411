/**
 * Grid's documentation as a test corpus. Every `curl` example of Grid's documentation pages and every
 * named request example of Grid's OpenAPI document, read at run time from the shared reference folder
 * (test/support/grid-reference.ts; skipped with a message when it is absent), is sent to this service as a partner
 * following Grid's pages would send it: on a sandbox platform of its own, with the page's placeholder identifiers
 * (`Customer:019542f5-…`, `InternalAccount:abc123`, `{quoteId}`, …) replaced by objects created first. Each documented
 * request is expected to be accepted (2xx) and each answer to parse with Grid's response schema for that operation and
 * status (test/support/grid-docs-corpus.ts: ajv over Grid's openapi.yaml).
 *
 * CANNOT_RUN lists the examples that cannot be sent as a request here, each group with its reason. The examples that
 * run and fail are listed in two parts: DECIDED_DIFFERENCES, where the spec or docs/protocol.md decides otherwise than
 * the page (each group names its rule and is a row of docs/protocol.md "Differences from Grid"), and GAPS, shortcomings
 * of the service or of this runner still to fix (the goal is none). The test fails when an example fails that is not
 * listed, when a listed one passes (the lists stay true), and when a list names an example the corpus does not have.
 * It prints the counts of both.
 */
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { curlExamples, gridResponseChecker, openApiExamples } from "../../support/grid-docs-corpus";
import {
  CANNOT_RUN,
  DECIDED_DIFFERENCES,
  DOCUMENTED_REFUSALS,
  GAPS,
  PAPERWORK,
} from "../../support/grid-docs-corpus-lists";
import { resolve, secondLeg, send } from "../../support/grid-docs-send";
import { World } from "../../support/grid-docs-world";
import { gridReferenceDir, loadGridDocument } from "../../support/grid-reference";
import { type Receiver, startReceiver } from "../../support/webhook-receiver";

const gridDocument = await loadGridDocument();

const referenceDir = gridReferenceDir();

type Outcome = { id: string; request: string; status?: number; problems: string[] };

describe.skipIf(!gridDocument || !referenceDir)("Grid's documentation as a test corpus", () => {
  const doc = gridDocument ?? {};
  const examples = referenceDir ? [...curlExamples(`${referenceDir}/docs`), ...openApiExamples(doc)] : [];
  const cannotRun = new Map(CANNOT_RUN.flatMap(([reason, ids]) => ids.map((id) => [id, reason] as const)));
  const decided = new Set(DECIDED_DIFFERENCES.flatMap(([, ids]) => ids));
  const gaps = new Set(GAPS.flatMap(([, ids]) => ids));
  const expectedFailures = new Set([...decided, ...gaps]);
  const outcomes: Outcome[] = [];
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it("finds Grid's examples: about 320 curl commands and 60 named OpenAPI request examples", () => {
    expect(examples.filter((e) => !e.id.startsWith("openapi ")).length).toBeGreaterThan(300);
    expect(examples.filter((e) => e.id.startsWith("openapi ")).length).toBeGreaterThan(55);
    expect(new Set(examples.map((e) => e.id)).size).toBe(examples.length);
  });

  it("keeps its lists true: every listed example exists, none is listed twice, every unparsable one is listed", () => {
    const ids = new Set(examples.map((e) => e.id));
    const listed = [...CANNOT_RUN, ...DECIDED_DIFFERENCES, ...GAPS]
      .flatMap(([, l]) => l)
      .concat(Object.keys(DOCUMENTED_REFUSALS));
    expect(listed.filter((id) => !ids.has(id))).toEqual([]);
    expect(listed.length).toBe(new Set(listed).size);
    expect(examples.filter((e) => e.unparsable && !cannotRun.has(e.id)).map((e) => `${e.id}: ${e.unparsable}`)).toEqual(
      [],
    );
  });

  it("runs every runnable example: accepted, and the answer parses with Grid's response schema", async () => {
    const checker = gridResponseChecker(doc);
    // Accepted requests of operations Grid's OpenAPI does not have (its pages name them): no schema to check against.
    const unchecked: string[] = [];
    const limit = pLimit(4);
    await Promise.all(
      examples
        .filter((ex) => !cannotRun.has(ex.id))
        .map((ex) =>
          limit(async () => {
            const w = new World(receiver, PAPERWORK.test(ex.path));
            const outcome: Outcome = { id: ex.id, request: `${ex.method} ${ex.path}`, problems: [] };
            try {
              const r = await resolve(w, ex);
              outcome.request = `${ex.method} ${r.path}`;
              if (r.body !== undefined && /json/.test(ex.headers["content-type"] ?? "json")) JSON.parse(r.body);
              const auth = await w.auth(r.path);
              const res = ex.headers["request-id"] ? await secondLeg(w, auth, ex, r) : await send(auth, ex, r);
              outcome.status = res.status;
              const refusal = DOCUMENTED_REFUSALS[ex.id];
              if (refusal) {
                if (res.status !== refusal[0]) outcome.problems.push(`${res.status}, the page shows ${refusal[0]}`);
                else outcome.problems.push(...checker.check(ex.method, r.path, res.status, res.body));
              } else if (res.status < 200 || res.status > 299)
                outcome.problems.push(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
              else if (!checker.template(ex.method, r.path))
                unchecked.push(`${ex.id} ${ex.method} ${r.path.split("?")[0]}`);
              else outcome.problems.push(...checker.check(ex.method, r.path, res.status, res.body).slice(0, 6));
            } catch (e) {
              outcome.problems.push(`not run: ${(e as Error).message.slice(0, 300)}`);
            }
            outcomes.push(outcome);
          }),
        ),
    );
    outcomes.sort((a, b) => a.id.localeCompare(b.id));
    const failed = outcomes.filter((o) => o.problems.length > 0);
    const passed = outcomes.length - failed.length;
    console.log(
      `Grid's documentation corpus: ${examples.length} examples; ran ${outcomes.length}, passed ${passed}, ` +
        `failed ${failed.length} (expected ${expectedFailures.size}: ${decided.size} decided differences, ` +
        `${gaps.size} gaps); cannot run ${cannotRun.size}`,
    );
    for (const u of unchecked) console.log(`accepted, no Grid schema to check: ${u}`);
    for (const o of failed)
      console.log(
        `${decided.has(o.id) ? "decided" : gaps.has(o.id) ? "gap" : "FAILED"} ${o.id} ${o.request}\n    ${o.problems.join("\n    ")}`,
      );
    // Every failure is listed with its reason, and every listed failure still fails.
    expect(failed.map((o) => o.id).filter((id) => !expectedFailures.has(id))).toEqual([]);
    expect([...expectedFailures.keys()].filter((id) => !failed.some((o) => o.id === id))).toEqual([]);
  }, 900_000);
});
