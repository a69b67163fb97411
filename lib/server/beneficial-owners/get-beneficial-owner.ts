import { getDb } from "@/db/client";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { toBeneficialOwner } from "./beneficial-owner-view";
import { findBeneficialOwnerOrThrow } from "./find-beneficial-owner";

export async function getBeneficialOwner(platform: PlatformPrincipal, id: string) {
  return toBeneficialOwner(await findBeneficialOwnerOrThrow(await getDb(), platform.id, id));
}
