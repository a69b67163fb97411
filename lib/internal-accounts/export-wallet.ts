import { makeExportBundle } from "@/lib/crypto";
import { ApiError } from "@/lib/api-core/errors";
import { reply, type Reply } from "@/lib/api-core/reply";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId, parseId } from "@/lib/ids";
import { getEnclaveSigningKey } from "@/lib/keys/enclave-key";
import { runSignedRetry } from "@/lib/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/signed-retry/signed-operation";
import type { DbOrTx } from "@/db/client";
import type { ExportWalletBody } from "./export.contract";
import { findInternalAccountOrThrow } from "./find-internal-account";
import { readWalletSecret } from "./wallet-secret";

interface Input {
  platform: PlatformPrincipal;
  accountId: string;
  body: ExportWalletBody;
}

async function walletAccount(db: DbOrTx, input: Input) {
  const account = await findInternalAccountOrThrow(db, input.platform.id, input.accountId);
  if (account.type !== "EMBEDDED_WALLET") {
    throw new ApiError("INVALID_INPUT", `Only EMBEDDED_WALLET accounts hold exportable wallet credentials; ${input.accountId} is ${account.type}`, {
      reason: "NOT_AN_EMBEDDED_WALLET",
    });
  }
  return account;
}

/**
 * POST /internal-accounts/{id}/export (spec "Other endpoints referenced", protocol.md "Wallet export"): a signed
 * retry by any active session of the account, binding `clientPublicKey` (so a substituted key is refused at
 * step 7); the terminal 200 carries the mnemonic sealed to that key and signed by the enclave key. The
 * response exists only on the wire: nothing of it is stored.
 */
export const exportWalletOperation: SignedOperation<Input> = {
  name: "internal-accounts.export",
  activityType: "ACTIVITY_TYPE_EXPORT_WALLET",
  async prepare(input, db) {
    const account = await walletAccount(db, input);
    return {
      accountId: account.id,
      parameters: { targetPublicKey: input.body.clientPublicKey.toLowerCase(), walletId: formatId("InternalAccount", account.id) },
      signer: { kind: "SESSION", accountId: account.id },
      context: {},
    };
  },
  accountOf(input) {
    return parseId("InternalAccount", input.accountId);
  },
  async recheck(input, _context, db) {
    await walletAccount(db, input);
  },
  async execute(tx, input) {
    const account = await walletAccount(tx, input);
    const mnemonic = await readWalletSecret(tx, { platformId: input.platform.id, accountId: account.id });
    const enclave = await getEnclaveSigningKey();
    const encryptedWalletCredentials = await makeExportBundle({
      plaintext: mnemonic,
      clientPublicKeyHex: input.body.clientPublicKey,
      organizationId: input.platform.publicId,
      signingPrivateKeyHex: enclave.privateKeyHex,
    });
    return reply(200, { id: formatId("InternalAccount", account.id), encryptedWalletCredentials });
  },
};

export function exportWallet(call: SignedCall<Input>): Promise<Reply> {
  return runSignedRetry(exportWalletOperation, call);
}
