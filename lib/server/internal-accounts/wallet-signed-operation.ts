import type { DbOrTx, Tx } from "@/db/client";
import type { Reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, parseId } from "@/lib/shared/ids";
import type { SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { findEmbeddedWalletOrThrow } from "./find-internal-account";
import type { InternalAccountRow } from "./internal-account-view";

export interface WalletInput<B> {
  platform: PlatformPrincipal;
  accountId: string;
  body: B;
}

/**
 * A signed retry on one EMBEDDED_WALLET by any active session of it (export, update): the wallet is checked at
 * the first call, again before acceptance and in `execute`; `parameters` are bound into payloadToSign beside `walletId`.
 */
export function walletSignedOperation<B>(def: {
  name: string;
  activityType: string;
  /** Completes "Only EMBEDDED_WALLET accounts …" in the 400 for another account type. */
  what: string;
  /** Export: an identical re-send of a consumed request seals afresh instead of replaying a stored body (protocol.md step 10). */
  resealOnReplay?: true;
  parameters: (body: B) => Record<string, unknown>;
  execute: (tx: Tx, input: WalletInput<B>, account: InternalAccountRow) => Promise<Reply>;
}): SignedOperation<WalletInput<B>> {
  const wallet = (db: DbOrTx, input: WalletInput<B>) =>
    findEmbeddedWalletOrThrow(db, input.platform.id, input.accountId, def.what);
  return {
    name: def.name,
    activityType: def.activityType,
    resealOnReplay: def.resealOnReplay,
    async prepare(input, db) {
      const account = await wallet(db, input);
      return {
        accountId: account.id,
        parameters: { ...def.parameters(input.body), walletId: formatId("InternalAccount", account.id) },
        signer: { kind: "SESSION", accountId: account.id },
        context: {},
      };
    },
    accountOf(input) {
      return parseId("InternalAccount", input.accountId);
    },
    async recheck(input, _context, db) {
      await wallet(db, input);
    },
    async execute(tx, input) {
      return def.execute(tx, input, await wallet(tx, input));
    },
  };
}
