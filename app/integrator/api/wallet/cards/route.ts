import { NextResponse } from "next/server";
import { integratorRoute, relay } from "@/lib/integrator/http/route";
import { issueCard, myCards } from "@/lib/integrator/backend/cards";

/** The signed-in user's cards, masked (last four digits only), with their wallet grant and activity. */
export const GET = integratorRoute(async ({ user }) =>
  NextResponse.json({ data: await myCards(user) }, { headers: { "cache-control": "no-store" } }),
);

/** Issue a virtual card funded by the user's wallet. */
export const POST = integratorRoute(async ({ user }) => relay(await issueCard(user)));
