import { NextResponse } from "next/server";
import { integratorRoute, readJson } from "@/lib/integrator/http/route";
import { assertOwnCredential } from "@/lib/integrator/backend/ownership";
import { startOidc } from "@/lib/integrator/backend/oidc";
import { IntegratorError } from "@/lib/integrator/backend/service";

const HEX_KEY = /^(0[23][0-9a-fA-F]{64}|04[0-9a-fA-F]{128})$/;

export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  if (input.purpose === "SIGN_IN") {
    if (typeof input.clientPublicKey !== "string" || !HEX_KEY.test(input.clientPublicKey)) {
      throw new IntegratorError(400, "INVALID_INPUT", "clientPublicKey: expected a SEC1 P-256 public key in hex");
    }
    const cred = await assertOwnCredential(user, String(input.credentialId ?? ""));
    if (cred.type !== "OAUTH")
      throw new IntegratorError(
        400,
        "INVALID_INPUT",
        `credentialId: expected an OAUTH credential, received ${cred.type}`,
      );
    const url = await startOidc({
      userId: user.id,
      purpose: "SIGN_IN",
      clientPublicKey: input.clientPublicKey,
      credentialId: cred.id,
    });
    return NextResponse.json({ url });
  }
  if (input.purpose === "LINK")
    return NextResponse.json({ url: await startOidc({ userId: user.id, purpose: "LINK" }) });
  throw new IntegratorError(400, "INVALID_INPUT", "purpose: expected SIGN_IN or LINK");
});
