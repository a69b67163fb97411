import { PubKeyResponse } from "@uma-sdk/core";
import type { Environment } from "@/lib/server/webhooks/webhook-destination";
import { lnurlpFailed, vaspRequest, vaspUrl } from "./vasp-request";

/** Public keys are public: an instance keeps what it fetched for a while rather than ask on every message. */
const TTL_MS = 5 * 60 * 1000;
const cache = new Map<string, { at: number; keys: PubKeyResponse }>();

/** Another VASP's `/.well-known/lnurlpubkey`, parsed by the library (certificate chains or bare keys). */
export async function vaspPubKeys(environment: Environment, domain: string): Promise<PubKeyResponse> {
  const key = `${environment} ${domain.toLowerCase()}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.keys;
  const { status, json } = await vaspRequest(environment, {
    domain,
    url: vaspUrl(environment, domain, "/.well-known/lnurlpubkey"),
    atDomain: true,
  });
  if (status !== 200) throw lnurlpFailed(domain, `its keys answered HTTP ${status}`);
  let keys: PubKeyResponse;
  try {
    keys = PubKeyResponse.fromJson(JSON.stringify(json));
    keys.getSigningPubKey();
    keys.getEncryptionPubKey();
  } catch {
    throw lnurlpFailed(domain, "its keys are not an UMA PubKeyResponse");
  }
  if (cache.size > 1000) cache.clear();
  cache.set(key, { at: Date.now(), keys });
  return keys;
}
