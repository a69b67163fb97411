import { NextResponse } from "next/server";
import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { revealMyCard } from "@/lib/integrator/backend/cards";

/** The card's details sealed to the browser's key {clientPublicKey}: this backend relays ciphertext only. */
export const POST = integratorRoute(async ({ req, user, params }) => {
  const input = await readJson(req);
  return NextResponse.json(await revealMyCard(user, params.id, input.clientPublicKey), { headers: { "cache-control": "no-store" } });
});
