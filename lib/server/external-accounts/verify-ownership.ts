import { invalidInput } from "@/lib/server/core/validation";
import { getDb } from "@/db/client";
import { verifyPersonalSign, verifySolanaSignature } from "@/lib/shared/crypto/web/wallet-ownership-signature";
import { ApiError } from "@/lib/server/core/errors";
import { toExternalAccount, type ExternalAccountRow } from "./external-account-view";
import { findExternalAccountOrThrow } from "./find-external-account";
import type { OwnerScope } from "./owner-scope";
import { signableWallet } from "./start-ownership-challenge";
import { updateExternalAccount } from "./transition-status";

/**
 * Check the wallet's signature of the outstanding challenge (spec "ExternalAccountStatus"):
 * success → ACTIVE; failure (wrong, malformed or expired) → UNVERIFIED and 400. Either way the
 * challenge is used up, and a status change writes its outbox event in the same transaction.
 */
export async function verifyOwnership(scope: OwnerScope, externalAccountId: string, signature: string) {
  const db = await getDb();
  const outcome = await db.transaction(async (tx) => {
    const row = await findExternalAccountOrThrow(tx, scope, externalAccountId, { forUpdate: true });
    const wallet = signableWallet(row);
    const challenge = row.ownershipChallenge;
    if (!challenge)
      throw new ApiError("CONFLICT", "No WALLET_SIGNATURE challenge is outstanding; start one with POST …/challenge");
    const expired = Date.parse(challenge.expiresAt) <= Date.now();
    const address = String(row.accountInfo.address);
    const valid =
      !expired &&
      (wallet.signature === "EIP191"
        ? verifyPersonalSign(address, challenge.message, signature)
        : verifySolanaSignature(address, challenge.message, signature));
    const updated: ExternalAccountRow = await updateExternalAccount(tx, row, {
      status: valid ? "ACTIVE" : "UNVERIFIED",
      ownershipChallenge: null,
    });
    return { valid, expired, account: toExternalAccount(updated) };
  });
  if (outcome.valid) return outcome.account;
  // Thrown after the commit: the move to UNVERIFIED and its event must persist.
  throw invalidInput(
    [
      {
        field: "signature",
        message: outcome.expired ? "Challenge expired" : "Signature does not verify against the wallet address",
      },
    ],
    outcome.expired
      ? "The ownership challenge expired; start a new one"
      : "The signature is not the wallet's signature of the challenge message",
    { reason: outcome.expired ? "OWNERSHIP_CHALLENGE_EXPIRED" : "OWNERSHIP_SIGNATURE_INVALID" },
  );
}
