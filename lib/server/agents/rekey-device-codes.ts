import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { agentDeviceCodes } from "@/db/schema";
import { keyedDeviceCodeDigest } from "./agent-secrets";

/**
 * Migration path for device codes written before keyed digests (plain SHA-256, `keyed = false`): their
 * stored digest is keyed in place, so they stay redeemable without their codes being known. Runs at
 * start-up on every instance; the conditional UPDATE makes concurrent runs harmless. Returns the rows converted.
 */
export async function rekeyDeviceCodes(db: DbOrTx): Promise<number> {
  const legacy = await db
    .select({ id: agentDeviceCodes.id, codeDigest: agentDeviceCodes.codeDigest })
    .from(agentDeviceCodes)
    .where(eq(agentDeviceCodes.keyed, false));
  let converted = 0;
  for (const row of legacy) {
    const done = await db
      .update(agentDeviceCodes)
      .set({ codeDigest: keyedDeviceCodeDigest(row.codeDigest), keyed: true })
      .where(and(eq(agentDeviceCodes.id, row.id), eq(agentDeviceCodes.keyed, false)))
      .returning({ id: agentDeviceCodes.id });
    converted += done.length;
  }
  return converted;
}
