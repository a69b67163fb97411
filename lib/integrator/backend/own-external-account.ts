import type { IntegratorUser } from "./current-user";
import { callService, IntegratorError } from "./service";

/** The external account must be this user's customer's; otherwise it answers like a missing one. */
export async function assertOwnExternalAccount(user: IntegratorUser, id: string): Promise<void> {
  const r = await callService<{ customerId?: string | null }>(
    "GET",
    `/customers/external-accounts/${encodeURIComponent(id)}`,
  );
  if (r.status !== 200 || r.body.customerId !== user.customerId) {
    throw new IntegratorError(404, "EXTERNAL_ACCOUNT_NOT_FOUND", `No external account ${id} on your profile`);
  }
}
