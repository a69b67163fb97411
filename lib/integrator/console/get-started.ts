import { eq } from "drizzle-orm";
import type { ServiceClient } from "@/lib/sdk";
import { integratorConsoleSettings, integratorDb } from "../backend/store";

/**
 * The overview's "Get started" list: each step ticks from the platform's live state as the service reports it (over
 * the SDK), so the list is right whoever did the step (the console, the API, sample data). Hidden once every step
 * is done, or when the operator dismissed it: that choice is the console's own, kept per platform in
 * integrator_console_settings.
 */
const GET_STARTED_STEPS = [
  { key: "webhook", href: "/console/webhooks" },
  { key: "customer", href: "/console/customers" },
  { key: "externalAccount", href: "/console/external-accounts" },
  { key: "payment", href: "/console/transactions" },
  { key: "delivered", href: "/console/webhooks" },
  { key: "token", href: "/console/tokens" },
] as const;

type GetStartedKey = (typeof GET_STARTED_STEPS)[number]["key"];

export interface GetStarted {
  platformId: string;
  sandbox: boolean;
  /** Null when hidden: every step done, or dismissed. */
  steps: { key: GetStartedKey; href: string; done: boolean }[] | null;
}

const total = (p: Promise<{ totalCount?: number; data: unknown[] }>) =>
  p.then((r) => r.totalCount ?? r.data.length).catch(() => 0);

/** The list for this operator's platform, with each step's state read now. */
export async function getStarted(client: ServiceClient): Promise<GetStarted> {
  const config = await client.getConfig();
  const platformId = config.id;
  const sandbox = config.environment === "SANDBOX";
  if (await dismissed(platformId)) return { platformId, sandbox, steps: null };
  const [tested, customers, external, payments, delivered, tokens] = await Promise.all([
    total(client.listWebhookDeliveries({ eventType: "TEST", status: "DELIVERED", limit: 1 })),
    total(client.listCustomers({ limit: 1 })),
    total(client.listCustomerExternalAccounts({ limit: 1 })),
    total(client.listTransactions({ limit: 1 })),
    total(client.listWebhookDeliveries({ status: "DELIVERED", limit: 1 })),
    total(client.listTokens({ limit: 1 })),
  ]);
  const done: Record<GetStartedKey, boolean> = {
    webhook: Boolean(config.webhookEndpoint) && tested > 0,
    customer: customers > 0,
    externalAccount: external > 0,
    payment: payments > 0,
    // The test event is the webhook step's: this step wants an event of the platform's own delivered.
    delivered: delivered > tested,
    token: tokens > 0,
  };
  const steps = GET_STARTED_STEPS.map((s) => ({ ...s, done: done[s.key] }));
  return { platformId, sandbox, steps: steps.every((s) => s.done) ? null : steps };
}

async function dismissed(platformId: string): Promise<boolean> {
  const db = await integratorDb();
  const [row] = await db
    .select({ at: integratorConsoleSettings.getStartedDismissedAt })
    .from(integratorConsoleSettings)
    .where(eq(integratorConsoleSettings.platformId, platformId));
  return Boolean(row?.at);
}

/** Hide the list for the platform, for every operator and session. */
export async function dismissGetStarted(platformId: string): Promise<void> {
  const db = await integratorDb();
  const now = new Date();
  await db
    .insert(integratorConsoleSettings)
    .values({ platformId, getStartedDismissedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: integratorConsoleSettings.platformId,
      set: { getStartedDismissedAt: now, updatedAt: now },
    });
}
