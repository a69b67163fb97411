import { integratorRoute, readJson, relay, signedRetryHeaders } from "@/lib/integrator/http/route";
import { callService } from "@/lib/integrator/backend/service";

/** The secret comes back sealed to the browser's key: this backend relays ciphertext only. */
export const POST = integratorRoute(async ({ req, user }) => {
  const input = await readJson(req);
  return relay(
    await callService("POST", `/internal-accounts/${encodeURIComponent(user.accountId)}/export`, {
      body: { clientPublicKey: input.clientPublicKey },
      ...signedRetryHeaders(req),
    }),
  );
});
