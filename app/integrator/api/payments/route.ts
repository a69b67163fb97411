import { NextResponse } from "next/server";
import { integratorRoute, readJson, relay } from "@/lib/integrator/http/route";
import { createPayment, endUserIp, paymentSetup } from "@/lib/integrator/backend/payments";

/** The user's accounts to pay from and beneficiaries to pay. */
export const GET = integratorRoute(async ({ user }) =>
  NextResponse.json(await paymentSetup(user), { headers: { "cache-control": "no-store" } }),
);

/** Pay: a quote executed at once (202 PENDING_AUTHORIZATION when the service asks for SCA). */
export const POST = integratorRoute(async ({ req, user }) =>
  relay(await createPayment(user, await readJson(req), endUserIp(req))),
);
