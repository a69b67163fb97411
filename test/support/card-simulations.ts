/** The helpers of test/integration/cards/card-transactions.test.ts: a funded card, its simulations, the ledger's check. */
import { expect, inject } from "vitest";
import { getDb } from "@/db/client";
import { checkLedger } from "@/lib/server/ledger/ledger-check";
import { parseId } from "@/lib/shared/ids";
import { call, type TestPlatform } from "./api";
import { cardholder, fund } from "./money";

export const USD = { code: "USD" };
export const merchant = (descriptor = "BLUE BOTTLE COFFEE SF") => ({ descriptor, mcc: "5814", country: "US" });

export async function cardFor(p: TestPlatform, funds: number, extra: Record<string, unknown> = {}) {
  const c = await cardholder(p, ["USD"]);
  if (funds) await fund(p, c.accounts.USD, funds);
  const r = await call("POST", "/cards", {
    auth: p.auth,
    body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD], ...extra },
  });
  expect(r.status).toBe(201);
  return { card: r.body, account: c.accounts.USD, customer: c.customer };
}

export function sim(p: TestPlatform, cardId: string) {
  return async (op: string, body: unknown) => {
    const r = await call("POST", `/sandbox/cards/${cardId}/simulate/${op}`, { auth: p.auth, body });
    return r;
  };
}

/** The card transaction a simulation made (the newest on the card). */
export async function latest(p: TestPlatform, cardId: string) {
  const r = await call("GET", `/transactions?type=CARD&cardId=${encodeURIComponent(cardId)}&limit=1`, { auth: p.auth });
  return r.body.data[0];
}

export async function ledgerSound(p: TestPlatform) {
  process.env.DATABASE_URL = inject("databaseUrl");
  const { unbalanced, mismatched } = await checkLedger(await getDb(), parseId("Platform", p.id)!);
  expect(unbalanced).toEqual([]);
  expect(mismatched).toEqual([]);
}
