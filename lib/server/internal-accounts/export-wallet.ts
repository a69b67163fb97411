import { makeExportBundle } from "@/lib/shared/crypto/web";
import { reply } from "@/lib/server/core/reply";
import { formatId } from "@/lib/shared/ids";
import { getEnclaveSigningKey } from "@/lib/server/keys/enclave-key";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall } from "@/lib/server/signed-retry/signed-operation";
import type { ExportWalletBody } from "./export.contract";
import { walletSignedOperation, type WalletInput } from "./wallet-signed-operation";
import { readWalletSecret } from "./wallet-secret";

/**
 * POST /internal-accounts/{id}/export (spec "Other endpoints referenced", protocol.md "Wallet export"): a signed
 * retry by any active session of the account, binding `clientPublicKey` (so a substituted key is refused at
 * step 7); the terminal 200 carries the mnemonic sealed to that key and signed by the enclave key. The
 * response exists only on the wire: nothing of it is stored, and an identical re-send seals afresh.
 */
const exportWalletOperation = walletSignedOperation<ExportWalletBody>({
  name: "internal-accounts.export",
  activityType: "ACTIVITY_TYPE_EXPORT_WALLET",
  what: "hold exportable wallet credentials",
  resealOnReplay: true,
  parameters: (body) => ({ targetPublicKey: body.clientPublicKey.toLowerCase() }),
  async execute(tx, input, account) {
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
});

export function exportWallet(call: SignedCall<WalletInput<ExportWalletBody>>) {
  return runSignedRetry(exportWalletOperation, call);
}
