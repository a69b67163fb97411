import { getPubKeyResponse } from "@uma-sdk/core";
import { umaPlatformForHost } from "./uma-platform";
import { vaspKeys } from "./vasp-keys";

/**
 * GET /.well-known/lnurlpubkey (UMAD-10): the platform's signing and encryption keys as certificate chains (hex DER,
 * leaf first) and as bare keys. Written out here rather than with the library's PubKeyResponse.toJsonString, which
 * puts the signing chain in both fields.
 */
export async function servePubKeys(host: string | null) {
  const { platform, domain } = await umaPlatformForHost(host);
  const keys = await vaspKeys(platform.id, domain);
  const r = getPubKeyResponse({
    signingCertChainPem: keys.signingCertPem,
    encryptionCertChainPem: keys.encryptionCertPem,
  });
  return {
    signingCertChain: r.signingCertChain?.map((c) => c.raw.toString("hex")),
    encryptionCertChain: r.encryptionCertChain?.map((c) => c.raw.toString("hex")),
    signingPubKey: r.signingPubKey,
    encryptionPubKey: r.encryptionPubKey,
  };
}
