/**
 * The sandbox network fee table of POST /crypto/estimate-withdrawal-fee (docs/protocol.md "Crypto withdrawal
 * fees"): per network, the fee in the smallest unit of its fee asset and that fee's value in micro-dollars
 * (the fee-asset prices of the table: SOL $160, ETH $3000, POL $0.50, TRX $0.25, BTC $100 000). A production
 * deployment replaces `networkFeeSource` with a provider's live estimates.
 */
import { CRYPTO_NETWORKS as CHAINS } from "@/lib/server/transactions/on-chain";

/** Grid's chains plus LIGHTNING (Grid's example values of `cryptoNetwork` for withdrawals). */
export const CRYPTO_NETWORKS = [...CHAINS, "LIGHTNING"] as const;
export type CryptoNetwork = (typeof CRYPTO_NETWORKS)[number];

export interface NetworkFee {
  networkFee: bigint;
  networkFeeAsset: string;
  /** The fee's value in millionths of a US dollar. */
  usdMicros: bigint;
}

const SANDBOX_NETWORK_FEES: Record<CryptoNetwork, NetworkFee> = {
  SOLANA: { networkFee: 5_000n, networkFeeAsset: "SOL", usdMicros: 800n },
  ETHEREUM: { networkFee: 630_000_000_000_000n, networkFeeAsset: "ETH", usdMicros: 1_890_000n },
  BASE: { networkFee: 2_000_000_000_000n, networkFeeAsset: "ETH", usdMicros: 6_000n },
  POLYGON: { networkFee: 6_000_000_000_000_000n, networkFeeAsset: "POL", usdMicros: 3_000n },
  TRON: { networkFee: 13_000_000n, networkFeeAsset: "TRX", usdMicros: 3_250_000n },
  PLASMA: { networkFee: 0n, networkFeeAsset: "XPL", usdMicros: 0n },
  SPARK: { networkFee: 0n, networkFeeAsset: "BTC", usdMicros: 0n },
  BITCOIN: { networkFee: 1_500n, networkFeeAsset: "BTC", usdMicros: 1_500_000n },
  LIGHTNING: { networkFee: 5n, networkFeeAsset: "BTC", usdMicros: 5_000n },
};

/** Which networks carry which of our crypto currencies. */
export const NETWORKS_BY_CURRENCY: Record<string, CryptoNetwork[]> = {
  USDC: ["SOLANA", "ETHEREUM", "BASE", "POLYGON"],
  USDB: ["SPARK"],
  BTC: ["BITCOIN", "LIGHTNING", "SPARK"],
};

/** The fee source of a platform environment; production has no live provider yet (503). */
export function networkFeeSource(
  environment: "SANDBOX" | "PRODUCTION",
): ((network: CryptoNetwork) => NetworkFee) | null {
  return environment === "SANDBOX" ? (network) => SANDBOX_NETWORK_FEES[network] : null;
}
