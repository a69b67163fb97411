import { NextResponse } from "next/server";
import { generateRegistrationOptions } from "@simplewebauthn/server";
import { integratorRoute } from "@/lib/integrator/http/route";
import { issueRegistrationChallenge } from "@/lib/integrator/backend/registration-challenge";
import { callService, platformInfo } from "@/lib/integrator/backend/service";

/** Options for navigator.credentials.create with a challenge this backend issues and remembers. */
export const POST = integratorRoute(async ({ user }) => {
  const platform = await platformInfo();
  const creds = await callService<{ data: Array<{ type: string; credentialId?: string }> }>(
    "GET",
    "/auth/credentials",
    {
      query: { accountId: user.accountId },
    },
  );
  const existing = creds.status === 200 ? creds.body.data.filter((c) => c.type === "PASSKEY" && c.credentialId) : [];
  const challenge = await issueRegistrationChallenge(user.id);
  const options = await generateRegistrationOptions({
    rpName: platform.webauthn.rpName,
    rpID: platform.webauthn.rpId,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    userID: new TextEncoder().encode(user.accountId),
    challenge: Buffer.from(challenge, "base64url"),
    attestationType: "none",
    excludeCredentials: existing.flatMap((c) => (c.credentialId ? [{ id: c.credentialId }] : [])),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
    supportedAlgorithmIDs: [-7],
  });
  return NextResponse.json({ options, challenge }, { headers: { "cache-control": "no-store" } });
});
