import { consoleClient, settle } from "./console-client";
import type { ConsoleSession } from "./console-session";
import type { ServiceClient } from "@/lib/sdk";

export type ConsoleCard = Awaited<ReturnType<ServiceClient["listCards"]>>["data"][number];

/** The operator's view of the platform's cards, newest first (one page of up to 100). */
export async function listConsoleCards(client: ServiceClient, state?: ConsoleCard["state"]) {
  return client.listCards({ limit: 100, ...(state ? { state } : {}) });
}

/** Freeze or unfreeze (PATCH /cards/{id} {state}); the status line the console shows afterwards. */
export async function setCardState(s: ConsoleSession, cardId: string, state: string): Promise<string> {
  if (state !== "FROZEN" && state !== "ACTIVE") return `${cardId}: unknown state ${state}`;
  const r = await settle((await consoleClient(s)).updateCard(cardId, { state }));
  if (!r.ok) return `${cardId}: ${r.error.code}`;
  return `Card ending ${r.body.last4 ?? "????"} is ${r.body.state}`;
}
