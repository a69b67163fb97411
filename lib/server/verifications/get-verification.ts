import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { verifications } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { parseId } from "@/lib/shared/ids";
import { toVerification } from "./verification-view";

export async function getVerification(platform: PlatformPrincipal, verificationId: string) {
  const uuid = parseId("Verification", verificationId);
  const db = await getDb();
  const [row] = uuid
    ? await db
        .select()
        .from(verifications)
        .where(and(eq(verifications.id, uuid), eq(verifications.platformId, platform.id)))
    : [];
  if (!row) throw notFound("VERIFICATION_NOT_FOUND", "Verification", verificationId);
  return toVerification(row);
}
