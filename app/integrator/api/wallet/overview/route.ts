import { NextResponse } from "next/server";
import { integratorRoute } from "@/lib/integrator/http/route";
import { walletOverview } from "@/lib/integrator/backend/wallet-money";

/** Balance, payment address and recent transactions of the signed-in user's wallet (the page polls it). */
export const GET = integratorRoute(async ({ user }) =>
  NextResponse.json(await walletOverview(user), { headers: { "cache-control": "no-store" } }),
);
