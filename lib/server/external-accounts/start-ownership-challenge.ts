import { randomUUID } from "node:crypto";
import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import { formatId } from "@/lib/shared/ids";
import { isSelfCustodyWallet } from "./account-rules";
import { type WalletVariant, variantOf } from "./account-variants";
import { findExternalAccountOrThrow } from "./find-external-account";
import type { ExternalAccountRow } from "./external-account-view";
import type { OwnerScope } from "./owner-scope";
import { updateExternalAccount } from "./transition-status";

const OWNERSHIP_CHALLENGE_TTL_MS = 10 * 60_000;
const VERIFIABLE = new Set(["PENDING_OWNERSHIP_VERIFICATION", "UNVERIFIED"]);

/** The wallet variant of an account that can prove ownership by WALLET_SIGNATURE, or 409 saying why not. */
export function signableWallet(row: ExternalAccountRow): WalletVariant {
  const v = variantOf(row.accountType);
  const id = formatId("ExternalAccount", row.id);
  if (v.kind !== "wallet" || !isSelfCustodyWallet(v, row.accountInfo)) {
    throw new ApiError(
      "CONFLICT",
      `Ownership verification applies to self-custody wallets; ${id} is a ${row.accountType}${v.kind === "wallet" ? " held by a VASP" : ""}`,
    );
  }
  if (row.ownershipType !== "FIRST_PARTY") {
    throw new ApiError(
      "CONFLICT",
      `Ownership verification applies to FIRST_PARTY wallets; ${id} is ${row.ownershipType ?? "without ownershipType"}`,
    );
  }
  if (!VERIFIABLE.has(row.status)) {
    throw new ApiError(
      "CONFLICT",
      `${id} is ${row.status}; ownership can be verified only in PENDING_OWNERSHIP_VERIFICATION or UNVERIFIED`,
    );
  }
  if (v.signature === null) throw new ApiError("CONFLICT", `WALLET_SIGNATURE is not available for ${row.accountType}`);
  return v;
}

/**
 * Issue a WALLET_SIGNATURE challenge (replacing any outstanding one). The status is unchanged: the
 * spec's table moves UNVERIFIED only on a successful verification.
 */
export async function startOwnershipChallenge(
  scope: OwnerScope,
  externalAccountId: string,
  method: "WALLET_SIGNATURE" | "LIVENESS",
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await findExternalAccountOrThrow(tx, scope, externalAccountId, { forUpdate: true });
    signableWallet(row);
    if (method !== "WALLET_SIGNATURE")
      throw new ApiError("CONFLICT", "LIVENESS checks are not offered by this service; use WALLET_SIGNATURE");
    const expiresAt = new Date(Date.now() + OWNERSHIP_CHALLENGE_TTL_MS).toISOString();
    const message =
      `I verify that I control the wallet ${String(row.accountInfo.address)} ` +
      `(${formatId("ExternalAccount", row.id)}). Nonce: ${randomUUID()}. Expires: ${expiresAt}`;
    await updateExternalAccount(tx, row, { ownershipChallenge: { message, expiresAt } });
    return { method: "WALLET_SIGNATURE" as const, messageToSign: message, expiresAt };
  });
}
