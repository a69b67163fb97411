import { generateMnemonic } from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db/client";
import { walletSecrets } from "@/db/schema";
import { decryptAtRest, encryptAtRest, utf8Decode, utf8Encode } from "@/lib/shared/crypto/web";
import { getKeyEncryptionKey } from "@/lib/server/keys/kek";

/**
 * The wallet secret of an EMBEDDED_WALLET account: a 24-word BIP-39 mnemonic (@scure/bip39, English
 * wordlist, 256 bits of entropy), stored only encrypted under the key-encryption key and bound to its
 * account (AAD), so a ciphertext copied to another account does not decrypt.
 */
const aad = (accountId: string) => `wallet_secrets:${accountId}`;

/** Create the account's secret unless it has one: exactly one per account, whatever runs concurrently. */
export async function ensureWalletSecret(db: DbOrTx, input: { platformId: string; accountId: string }): Promise<void> {
  const mnemonicEnc = await encryptAtRest(
    getKeyEncryptionKey(),
    utf8Encode(generateMnemonic(wordlist, 256)),
    aad(input.accountId),
  );
  await db
    .insert(walletSecrets)
    .values({ accountId: input.accountId, platformId: input.platformId, mnemonicEnc })
    .onConflictDoNothing();
}

/** The mnemonic in clear, for the one response that exports it; accounts made before secrets existed get one now. */
export async function readWalletSecret(db: DbOrTx, input: { platformId: string; accountId: string }): Promise<string> {
  let [row] = await db.select().from(walletSecrets).where(eq(walletSecrets.accountId, input.accountId)).limit(1);
  if (!row) {
    await ensureWalletSecret(db, input);
    [row] = await db.select().from(walletSecrets).where(eq(walletSecrets.accountId, input.accountId)).limit(1);
  }
  return utf8Decode(await decryptAtRest(getKeyEncryptionKey(), row.mnemonicEnc, aad(input.accountId)));
}
