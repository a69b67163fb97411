import { makeStamp } from "@/lib/shared/crypto/web";
import type { Signer } from "./signed-retry";

/** A signer holding a P-256 private key (tests, server-side integrators). Browsers sign with WebCrypto. */
export function stampSigner(privateKeyHex: string): Signer {
  return async (payload) => makeStamp({ payload, privateKeyHex });
}
