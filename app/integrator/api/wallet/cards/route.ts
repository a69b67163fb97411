import { NextResponse } from "next/server";
import { integratorRoute } from "@/lib/integrator/http/route";
import { myCards } from "@/lib/integrator/backend/cards";

/** The signed-in user's cards, masked (last four digits only). */
export const GET = integratorRoute(async ({ user }) =>
  NextResponse.json({ data: await myCards(user) }, { headers: { "cache-control": "no-store" } }),
);
