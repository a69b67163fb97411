import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { agentDeviceCodes } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { deviceCodeDigest, normalizeDeviceCode } from "./agent-secrets";

export async function deviceCodeStatus(platform: PlatformPrincipal, code: string) {
  const normalized = normalizeDeviceCode(code);
  if (normalized) {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(agentDeviceCodes)
      .where(
        and(
          eq(agentDeviceCodes.codeDigest, deviceCodeDigest(normalized)),
          eq(agentDeviceCodes.platformId, platform.id),
        ),
      )
      .limit(1);
    if (row) return { code: normalized, redeemed: row.redeemedAt !== null, expiresAt: row.expiresAt.toISOString() };
  }
  throw notFound("DEVICE_CODE_NOT_FOUND", "Device code", code);
}
