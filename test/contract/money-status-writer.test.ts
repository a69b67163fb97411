/**
 * One writer of every money status (ARCHITECTURE.md "Money statuses"): no module but the state machine
 * (lib/server/transactions/transitions.ts) inserts a transaction, or updates the status of a transaction or of a quote, in
 * drizzle (`.update(transactions).set({ status … })`, `.insert(transactions)`) or in raw SQL. A quote's birth
 * (`insert(quotes)`, status PENDING) is not a change of status and stays with the quotes area.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ENTRIES, INCOMING_FAILURE, TRANSITIONS } from "@/lib/server/transactions/status-table";
import { gridQuote } from "@/test/support/grid-shapes/quotes";
import {
  gridIncomingFailureReason,
  gridOutgoingFailureReason,
  gridOutgoingTransactionStatus,
} from "@/test/support/grid-shapes/transactions";

const ROOT = path.resolve(import.meta.dirname, "../..");
const WRITER = "lib/server/transactions/transitions.ts";

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sourceFiles(rel));
    else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith(".d.ts")) out.push(rel);
  }
  return out;
}

/** The text of the balanced `(…)` or `{…}` that opens at `open` (strings and comments are not special: good enough here). */
function balanced(text: string, open: number): string {
  const pairs: Record<string, string> = { "(": ")", "{": "}" };
  const close = pairs[text[open]];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === close && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/** Every place in `text` that writes a money status, as `line: what`. */
function statusWrites(text: string): string[] {
  const found: string[] = [];
  const lineOf = (i: number) => text.slice(0, i).split("\n").length;
  // drizzle: .update(transactions|quotes) … .set({ … status … }) — a spread in the set could carry a status too.
  for (const m of text.matchAll(/\.update\(\s*(transactions|quotes)\s*\)/g)) {
    const at = (m.index ?? 0) + m[0].length;
    const setAt = text.indexOf(".set(", at);
    const next = text.slice(at).search(/\.update\(|\.insert\(|\.select\(|;\s*$/m);
    if (setAt < 0 || (next >= 0 && setAt > at + next)) continue;
    const set = balanced(text, setAt + ".set".length);
    if (/\bstatus\s*:|\bstatus\s*[,}]|\.\.\./.test(set))
      found.push(`${lineOf(m.index ?? 0)}: update(${m[1]}) sets status`);
  }
  // drizzle: a transaction is born only through the state machine's ENTRIES.
  for (const m of text.matchAll(/\.insert\(\s*transactions\s*\)/g))
    found.push(`${lineOf(m.index ?? 0)}: insert(transactions)`);
  // raw SQL: update transactions|quotes … set … status
  for (const m of text.matchAll(
    /update\s+(?:"?(transactions|quotes)"?|\$\{(transactions|quotes)\})\s+set\b[^`]*?\bstatus\b/gi,
  ))
    found.push(`${lineOf(m.index ?? 0)}: raw SQL update of ${m[1] ?? m[2]} status`);
  return found;
}

describe("one writer of every money status", () => {
  it("the detector sees the writes it is meant to see", () => {
    expect(statusWrites('await tx.update(transactions).set({ status: "FAILED" }).where(x);')).toHaveLength(1);
    expect(statusWrites("await tx.update(quotes).set({ ...values }).where(x);")).toHaveLength(1);
    expect(statusWrites("await tx.update(quotes).set({ scaChallenge: null, updatedAt: now }).where(x);")).toEqual([]);
    expect(statusWrites("await tx.insert(transactions).values(v);")).toHaveLength(1);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: source text of a raw SQL template, on purpose
    expect(statusWrites("sql`update ${transactions} set status = 'FAILED' where id = ${id}`")).toHaveLength(1);
    expect(statusWrites('sql`update "quotes" set "status" = \'FAILED\'`')).toHaveLength(1);
  });

  it("no module but lib/server/transactions/transitions.ts writes a transaction's or a quote's status", () => {
    const offenders: string[] = [];
    for (const rel of [...sourceFiles("lib"), ...sourceFiles("app"), ...sourceFiles("db")]) {
      if (rel === WRITER) continue;
      for (const w of statusWrites(fs.readFileSync(path.join(ROOT, rel), "utf8"))) offenders.push(`${rel}:${w}`);
    }
    expect(offenders).toEqual([]);
  });

  it("the state machine itself writes them (the test looks at the right place)", () => {
    expect(statusWrites(fs.readFileSync(path.join(ROOT, WRITER), "utf8")).length).toBeGreaterThan(0);
  });

  it("the state machine's tables write only Grid's values (docs/protocol.md \"Enumerations are Grid's\")", () => {
    const statuses: readonly string[] = gridOutgoingTransactionStatus.options;
    const quoteStatuses: readonly string[] = gridQuote.shape.status.options;
    for (const [name, e] of Object.entries(ENTRIES)) {
      expect(statuses, name).toContain(e.status);
      if (e.quote) expect(quoteStatuses, name).toContain(e.quote);
    }
    for (const [name, t] of Object.entries(TRANSITIONS)) {
      expect(statuses, name).toContain(t.from);
      expect(statuses, name).toContain(t.to);
      if (t.quote) expect(quoteStatuses, name).toContain(t.quote);
    }
    const incoming: readonly string[] = gridIncomingFailureReason.options;
    const outgoing: readonly string[] = gridOutgoingFailureReason.options;
    for (const [reason, mapped] of Object.entries(INCOMING_FAILURE)) {
      expect(outgoing, reason).toContain(reason);
      expect(incoming, reason).toContain(mapped);
    }
  });
});
