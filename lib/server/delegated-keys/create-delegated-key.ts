import { and, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/db/client";
import { delegatedKeys } from "@/db/schema";
import { isUniqueViolation } from "@/db/errors";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { reply, type Reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { findCardOrThrow } from "@/lib/server/cards/find-card";
import { generateP256KeyPair } from "@/lib/shared/crypto/web";
import { findEmbeddedWalletOrThrow } from "@/lib/server/internal-accounts/find-internal-account";
import { formatId, newUuid, parseId } from "@/lib/shared/ids";
import { encryptPrivateKey } from "@/lib/server/keys/private-key-at-rest";
import { issueNextLeg } from "@/lib/server/signed-retry/issue-challenge";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { toDelegatedKey } from "./delegated-key-view";
import { fundingSourceUuid } from "@/lib/server/cards/funding-source-id";

export interface CreateDelegatedKeyInput {
  platform: PlatformPrincipal;
  body: { cardId: string; internalAccountId: string; nickname: string };
}

/** What the legs carry between them (non-secret: the private key is sealed under the KEK, bound to its row). */
type Leg = {
  leg: "CREATE_SIGNER" | "GRANT_POLICY";
  delegatedKeyId: string;
  publicKey: string;
  sealedPrivateKey?: string;
  cardId: string;
  accountId: string;
  fundingSourceId: string;
};

/** The card's funding binding to the wallet: 404 for an unknown card, account or binding; 400 for a non-wallet. */
async function resolveBinding(db: DbOrTx, input: CreateDelegatedKeyInput) {
  const card = await findCardOrThrow(db, input.platform.id, input.body.cardId);
  const wallet = await findEmbeddedWalletOrThrow(
    db,
    input.platform.id,
    input.body.internalAccountId,
    "can fund a delegated key",
  );
  if (!card.fundingSources.includes(wallet.id)) {
    throw notFound(
      "NOT_FOUND",
      "Card funding source for",
      `${formatId("Card", card.id)} and ${formatId("InternalAccount", wallet.id)}`,
    );
  }
  return { card, wallet, fundingSourceId: fundingSourceUuid(card.id, wallet.id) };
}

function activeExists(fundingSourceId: string): ApiError {
  return new ApiError(
    "CONFLICT",
    `An ACTIVE delegated key already exists for CardFundingSource:${fundingSourceId}; revoke it first`,
    {
      reason: "DELEGATED_KEY_ACTIVE",
    },
  );
}

async function refuseIfActive(db: DbOrTx, fundingSourceId: string): Promise<void> {
  const [active] = await db
    .select({ id: delegatedKeys.id })
    .from(delegatedKeys)
    .where(and(eq(delegatedKeys.fundingSourceId, fundingSourceId), eq(delegatedKeys.status, "ACTIVE")))
    .limit(1);
  if (active) throw activeExists(fundingSourceId);
}

/**
 * POST /auth/delegated-keys, Grid's three legs on the one signed-retry mechanism: the unsigned call generates
 * the keypair (202, activity CREATE_USERS binding the public key); its signed retry stores the key PENDING and
 * answers the second challenge (202, activity CREATE_POLICIES); the signed retry of that one makes it ACTIVE
 * (201). Both signatures come from an active session of the wallet; the body is the same on every leg.
 */
const createDelegatedKeyOperation: SignedOperation<CreateDelegatedKeyInput, Leg> = {
  name: "auth.delegated-keys.create",
  activityType: "ACTIVITY_TYPE_CREATE_USERS",
  async prepare(input, db) {
    const { card, wallet, fundingSourceId } = await resolveBinding(db, input);
    await refuseIfActive(db, fundingSourceId);
    const keyPair = generateP256KeyPair();
    const delegatedKeyId = newUuid();
    const sealedPrivateKey = await encryptPrivateKey(keyPair.privateKeyHex, `delegated_keys:${delegatedKeyId}`);
    return {
      accountId: wallet.id,
      parameters: {
        cardId: formatId("Card", card.id),
        walletId: formatId("InternalAccount", wallet.id),
        nickname: input.body.nickname,
        publicKey: keyPair.publicKeyHex,
      },
      signer: { kind: "SESSION", accountId: wallet.id },
      context: {
        leg: "CREATE_SIGNER",
        delegatedKeyId,
        publicKey: keyPair.publicKeyHex,
        sealedPrivateKey,
        cardId: card.id,
        accountId: wallet.id,
        fundingSourceId,
      },
    };
  },
  accountOf(input) {
    return parseId("InternalAccount", input.body.internalAccountId);
  },
  async recheck(input, context, db) {
    await resolveBinding(db, input);
    if (context.leg === "GRANT_POLICY") await refuseIfActive(db, context.fundingSourceId);
  },
  async execute(tx, input, context, request) {
    await resolveBinding(tx, input);
    return context.leg === "CREATE_SIGNER" ? createSigner(tx, input, context, request) : grantPolicy(tx, context);
  },
};

async function createSigner(
  tx: Tx,
  input: CreateDelegatedKeyInput,
  c: Leg,
  request: Parameters<typeof issueNextLeg>[1],
): Promise<Reply> {
  await tx.insert(delegatedKeys).values({
    id: c.delegatedKeyId,
    platformId: input.platform.id,
    cardId: c.cardId,
    accountId: c.accountId,
    fundingSourceId: c.fundingSourceId,
    publicKey: c.publicKey,
    encryptedPrivateKey: c.sealedPrivateKey ?? null,
    nickname: input.body.nickname,
    status: "PENDING",
  });
  const next: Leg = { ...c, leg: "GRANT_POLICY" };
  delete next.sealedPrivateKey;
  return issueNextLeg(tx, request, {
    organizationId: input.platform.publicId,
    activityType: "ACTIVITY_TYPE_CREATE_POLICIES",
    prepared: {
      accountId: c.accountId,
      parameters: {
        delegatedKeyId: formatId("DelegatedKey", c.delegatedKeyId),
        publicKey: c.publicKey,
        walletId: formatId("InternalAccount", c.accountId),
        effect: "EFFECT_ALLOW",
      },
      signer: { kind: "SESSION", accountId: c.accountId },
      context: next,
    },
  });
}

async function grantPolicy(tx: Tx, c: Leg): Promise<Reply> {
  try {
    const [row] = await tx
      .update(delegatedKeys)
      .set({ status: "ACTIVE", updatedAt: new Date() })
      .where(and(eq(delegatedKeys.id, c.delegatedKeyId), eq(delegatedKeys.status, "PENDING")))
      .returning();
    if (!row)
      throw new ApiError(
        "CONFLICT",
        `Delegated key ${formatId("DelegatedKey", c.delegatedKeyId)} is no longer PENDING`,
      );
    return reply(201, toDelegatedKey(row));
  } catch (e) {
    if (isUniqueViolation(e, "delegated_keys_one_active_idx")) throw activeExists(c.fundingSourceId);
    throw e;
  }
}

export function createDelegatedKey(call: SignedCall<CreateDelegatedKeyInput>) {
  return runSignedRetry(createDelegatedKeyOperation, call);
}
