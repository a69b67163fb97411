import { eq } from "drizzle-orm";
import { integratorDb, integratorUsers } from "./store";
import { callService, IntegratorError } from "./service";

interface Row {
  id: string;
  email: string;
  name: string | null;
}

/**
 * Map an end user to a service customer: create it (the service provisions its EMBEDDED_WALLET
 * account with an EMAIL_OTP credential on the customer's email) or find it by our platformCustomerId.
 */
export async function ensureWallet(user: Row): Promise<{ customerId: string; accountId: string }> {
  const platformCustomerId = `integrator-user-${user.id}`;
  const created = await callService<{ id: string }>("POST", "/customers", {
    body: {
      customerType: "INDIVIDUAL",
      platformCustomerId,
      email: user.email,
      fullName: user.name || user.email.split("@")[0],
    },
  });
  let customerId: string;
  if (created.status === 201) customerId = created.body.id;
  else if (created.status === 409) {
    const found = await callService<{ data: Array<{ id: string }> }>("GET", "/customers", {
      query: { platformCustomerId },
    });
    if (found.status !== 200 || !found.body.data[0])
      throw new IntegratorError(502, "SERVICE_ERROR", "The customer exists but could not be read back");
    customerId = found.body.data[0].id;
  } else {
    throw serviceError("create the customer", created);
  }
  const accounts = await callService<{ data: Array<{ id: string; type: string }> }>(
    "GET",
    "/customers/internal-accounts",
    {
      query: { customerId, type: "EMBEDDED_WALLET" },
    },
  );
  const account = accounts.status === 200 ? accounts.body.data.find((a) => a.type === "EMBEDDED_WALLET") : undefined;
  if (!account)
    throw new IntegratorError(502, "SERVICE_ERROR", `The customer ${customerId} has no EMBEDDED_WALLET account`);
  const db = await integratorDb();
  await db.update(integratorUsers).set({ customerId, accountId: account.id }).where(eq(integratorUsers.id, user.id));
  return { customerId, accountId: account.id };
}

function serviceError(what: string, r: { status: number; body: unknown }): IntegratorError {
  const b = r.body as { code?: string; message?: string } | undefined;
  return new IntegratorError(
    r.status >= 400 ? r.status : 502,
    b?.code ?? "SERVICE_ERROR",
    `Could not ${what}: ${b?.message ?? r.status}`,
  );
}
