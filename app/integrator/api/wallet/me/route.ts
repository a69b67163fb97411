import { NextResponse } from "next/server";
import { integratorRoute } from "@/lib/integrator/http/route";
import { enclaveKey, platformInfo } from "@/lib/integrator/backend/service";

/** Who is signed in to the site, their wallet account, and the enclave key the browser pins. */
export const GET = integratorRoute(async ({ user }) => {
  const [platform, pinned] = await Promise.all([platformInfo(), enclaveKey()]);
  return NextResponse.json(
    {
      email: user.email,
      name: user.name,
      customerId: user.customerId,
      accountId: user.accountId,
      platformId: user.platformId,
      environment: platform.environment,
      enclaveQuorumPublic: pinned ?? null,
      sessionLifetimeSeconds: platform.sessionLifetimeSeconds,
      rpId: platform.webauthn.rpId,
    },
    { headers: { "cache-control": "no-store" } },
  );
});
