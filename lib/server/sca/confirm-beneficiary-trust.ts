import { invalidInput } from "@/lib/server/core/validation";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { externalAccounts } from "@/db/schema";
import { findExternalAccountOrThrow } from "@/lib/server/external-accounts/find-external-account";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import {
  consumeChallenge,
  failedProof,
  openChallenge,
  proofSatisfies,
  requireProofShape,
  type ScaProof,
} from "./sca-challenge";
import { lockScaState, throwIfLocked } from "./sca-state";
import { defined } from "@/lib/shared/invariant";

/**
 * POST /customers/external-accounts/{id}/trust/confirm | /untrust/confirm: the proof of the open
 * challenge marks the beneficiary trusted (or not). A wrong proof counts as a failed SCA attempt (the
 * fifth locks: 423); no open challenge, or an expired one → 400.
 */
export async function confirmBeneficiaryTrust(
  platform: PlatformPrincipal,
  externalAccountId: string,
  action: "TRUST" | "UNTRUST",
  body: ScaProof & { challengeId?: string | null },
): Promise<{ trusted: boolean }> {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const account = await findExternalAccountOrThrow(
      tx,
      { platformId: platform.id, kind: "customers" },
      externalAccountId,
      { forUpdate: true },
    );
    const { customer, state } = await lockScaState(
      tx,
      platform.id,
      formatId("Customer", defined(account.customerId, "the customer of a customer's external account")),
    );
    throwIfLocked(state);
    requireProofShape(body);
    const challenge = await openChallenge(tx, account.id, action, body.challengeId);
    const start = action === "TRUST" ? "trust" : "untrust";
    if (!challenge) {
      throw invalidInput(
        [{ field: "challengeId", message: "No open challenge" }],
        `No open ${start} challenge for this beneficiary: POST …/${start} first`,
      );
    }
    if (challenge.expiresAt.getTime() <= Date.now()) {
      throw invalidInput([], `The ${start} challenge expired at ${challenge.expiresAt.toISOString()}; start again`, {
        reason: "SCA_CHALLENGE_EXPIRED",
      });
    }
    if (!(await proofSatisfies(tx, platform, customer, state, challenge, body))) return failedProof(tx, state);
    await consumeChallenge(tx, challenge.id);
    const trusted = action === "TRUST";
    await tx
      .update(externalAccounts)
      .set({ trusted, updatedAt: new Date() })
      .where(eq(externalAccounts.id, account.id));
    return { trusted };
  });
  if (outcome instanceof ApiError) throw outcome;
  return outcome;
}
