import { and, eq } from "drizzle-orm";
import { getServerSession } from "next-auth";
import { integratorDb, integratorUsers } from "./store";
import { v7 as uuidv7 } from "uuid";
import { authOptions } from "./auth-options";
import { platformInfo, IntegratorError } from "./service";
import { ensureWallet } from "./ensure-wallet";

export interface IntegratorUser {
  id: string;
  email: string;
  name: string | null;
  platformId: string;
  environment: "SANDBOX" | "PRODUCTION";
  customerId: string;
  accountId: string;
}

/**
 * The signed-in end user of the integrator, mapped to a service customer and its EMBEDDED_WALLET
 * account (created on first use). 401 when the integrator session is missing.
 */
export async function requireUser(): Promise<IntegratorUser> {
  const session = (await getServerSession(authOptions())) as {
    subject?: string;
    user?: { email?: string; name?: string };
  } | null;
  if (!session?.subject || !session.user?.email) {
    throw new IntegratorError(401, "UNAUTHENTICATED", "Sign in to the site first");
  }
  const platform = await platformInfo();
  const db = await integratorDb();
  await db
    .insert(integratorUsers)
    .values({
      id: uuidv7(),
      platformId: platform.id,
      subject: session.subject,
      email: session.user.email,
      name: session.user.name ?? null,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(integratorUsers)
    .where(and(eq(integratorUsers.platformId, platform.id), eq(integratorUsers.subject, session.subject)));
  const wallet =
    row.customerId && row.accountId
      ? { customerId: row.customerId, accountId: row.accountId }
      : await ensureWallet(row);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    platformId: platform.id,
    environment: platform.environment,
    ...wallet,
  };
}
