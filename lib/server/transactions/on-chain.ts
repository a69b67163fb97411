import { createHash } from "node:crypto";
import { base58 } from "@scure/base";

/** Grid's CryptoNetwork: the chain an on-chain transaction settled on (test networks for sandbox platforms). */
export const CRYPTO_NETWORKS = ["BITCOIN", "ETHEREUM", "SOLANA", "BASE", "POLYGON", "TRON", "PLASMA", "SPARK"] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

/** The chain of each wallet external-account type (LIGHTNING is no chain: it has no onChainTransaction). */
export const WALLET_NETWORKS: Record<string, CryptoNetwork> = {
  SOLANA_WALLET: "SOLANA",
  ETHEREUM_WALLET: "ETHEREUM",
  BASE_WALLET: "BASE",
  POLYGON_WALLET: "POLYGON",
  PLASMA_WALLET: "PLASMA",
  TRON_WALLET: "TRON",
  SPARK_WALLET: "SPARK",
  BITCOIN_L1: "BITCOIN",
};

/**
 * The sandbox chain's transaction hash for a transfer, in the network's own form (EVM: 0x + 64 hex; Solana: a
 * base58 64-byte signature; others: 64 hex), derived from the transaction id so every instance reports the same.
 */
export function sandboxTransactionHash(network: CryptoNetwork, transactionId: string): string {
  const seed = `sandbox-chain:${network}:${transactionId}`;
  if (network === "SOLANA") return base58.encode(createHash("sha512").update(seed).digest());
  const hex = createHash("sha256").update(seed).digest("hex");
  return ["ETHEREUM", "BASE", "POLYGON", "PLASMA"].includes(network) ? `0x${hex}` : hex;
}
