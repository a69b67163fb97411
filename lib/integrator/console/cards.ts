import { consoleClient, settle } from "./console-client";
import type { ConsoleSession } from "./console-session";
import { errorSentence } from "./error-sentence";
import type { ConsoleT } from "./i18n";
import type { ServiceClient } from "@/lib/sdk";

export type ConsoleCard = Awaited<ReturnType<ServiceClient["listCards"]>>["data"][number];

/** The operator's view of the platform's cards, newest first (one page of up to 100). */
export async function listConsoleCards(client: ServiceClient, state?: ConsoleCard["state"]) {
  return client.listCards({ limit: 100, ...(state ? { state } : {}) });
}

/** Freeze or unfreeze (PATCH /cards/{id} {state}); the status line the console shows afterwards, and its details. */
export async function setCardState(
  s: ConsoleSession,
  cardId: string,
  state: string,
  t: ConsoleT,
): Promise<{ sentence: string; detail?: string }> {
  if (state !== "FROZEN" && state !== "ACTIVE") return { sentence: t("errors.INVALID_INPUT"), detail: state };
  const r = await settle((await consoleClient(s)).updateCard(cardId, { state }));
  if (!r.ok) return errorSentence(t, r.error);
  return { sentence: t("cards.nowState", { last4: r.body.last4 ?? "????", state: r.body.state }) };
}
