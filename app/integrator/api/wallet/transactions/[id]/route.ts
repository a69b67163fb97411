import { NextResponse } from "next/server";
import { integratorRoute } from "@/lib/integrator/http/route";
import { ownTransaction } from "@/lib/integrator/backend/wallet-money";

export const GET = integratorRoute(async ({ user, params }) =>
  NextResponse.json(await ownTransaction(user, params.id), { headers: { "cache-control": "no-store" } }),
);
