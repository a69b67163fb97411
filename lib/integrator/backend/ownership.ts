import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError } from "./service";

/**
 * The service scopes resources by platform; the integrator must also keep one end user away from
 * another's credentials and sessions (same platform), so it checks membership in the user's account.
 */
export async function assertOwnCredential(
  user: IntegratorUser,
  credentialId: string,
): Promise<{ id: string; type: string }> {
  const r = await callService<{ data: Array<{ id: string; type: string }> }>("GET", "/auth/credentials", {
    query: { accountId: user.accountId },
  });
  const hit = r.status === 200 ? r.body.data.find((c) => c.id === credentialId) : undefined;
  if (!hit) throw new IntegratorError(404, "CREDENTIAL_NOT_FOUND", `No credential ${credentialId} on your wallet`);
  return hit;
}

export async function assertOwnSession(user: IntegratorUser, sessionId: string): Promise<void> {
  const r = await callService<{ data: Array<{ id: string }> }>("GET", "/auth/sessions", {
    query: { accountId: user.accountId },
  });
  const hit = r.status === 200 ? r.body.data.find((s) => s.id === sessionId) : undefined;
  if (!hit) throw new IntegratorError(404, "SESSION_NOT_FOUND", `No active session ${sessionId} on your wallet`);
}
