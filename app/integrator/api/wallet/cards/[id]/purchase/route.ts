import { NextResponse } from "next/server";
import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { simulatePurchase } from "@/lib/integrator/backend/cards";

/** Sandbox: a shop's purchase on one of the user's cards {amount, merchant}; answers approved or the decline's reason. */
export const POST = integratorRoute(async ({ req, user, params }) =>
  NextResponse.json(await simulatePurchase(user, params.id, await readJson(req)), {
    headers: { "cache-control": "no-store" },
  }),
);
