import { base58, bech32, bech32m, createBase58check } from "@scure/base";
import { sha256 } from "@noble/hashes/sha2.js";

/** Address families of the wallet variants. */
export type Chain = "EVM" | "SOLANA" | "TRON" | "SPARK";

const base58check = createBase58check(sha256);
const SPARK_PREFIXES = new Set(["spark", "sparkrt", "sparkt", "sparks", "sp", "spt", "sprt", "sps"]);

/** EVM addresses are compared checksum-insensitively (EIP-55 case is a display aid). */
export function isValidWalletAddress(chain: Chain, address: string): boolean {
  switch (chain) {
    case "EVM":
      return /^0x[0-9a-fA-F]{40}$/.test(address);
    case "SOLANA":
      return decodes(() => base58.decode(address).length === 32);
    case "TRON":
      return (
        address.startsWith("T") &&
        decodes(() => {
          const raw = base58check.decode(address);
          return raw.length === 21 && raw[0] === 0x41;
        })
      );
    case "SPARK":
      return decodes(() => SPARK_PREFIXES.has(bech32m.decode(address as `${string}1${string}`, 1000).prefix));
  }
}

/** The form used for comparisons and duplicate detection. */
export function normalizeWalletAddress(chain: Chain, address: string): string {
  return chain === "EVM" ? address.toLowerCase() : address;
}

const LN_ADDRESS = /^[a-z0-9._+-]+@[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** BOLT 11 invoice: bech32 (no length limit) with a human-readable part starting with "ln". */
export function isBolt11(invoice: string): boolean {
  return decodes(() => bech32.decode(invoice.toLowerCase() as `${string}1${string}`, 10_000).prefix.startsWith("ln"));
}

/** BOLT 12 offer: "lno1" then bech32 characters (offers carry no checksum). */
export function isBolt12(offer: string): boolean {
  return /^lno1[02-9ac-hj-np-z]+$/i.test(offer);
}

export function isLightningAddress(addr: string): boolean {
  return addr.length <= 320 && LN_ADDRESS.test(addr);
}

function decodes(f: () => boolean): boolean {
  try {
    return f();
  } catch {
    return false;
  }
}
