import { getSignedLnurlpRequestUrl, LnurlpResponse, verifyUmaLnurlpResponseSignature } from "@uma-sdk/core";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { CounterpartyAnswer } from "./counterparty-answer";
import { nonceCache } from "./nonce-cache";
import { gridPayerFields } from "./payer-data";
import { SANDBOX_SETTLEMENT_LAYER } from "./receiver-terms";
import { lnurlpFailed, vaspRequest, vaspUrl } from "./vasp-request";
import { vaspKeys } from "./vasp-keys";
import { vaspPubKeys } from "./vasp-pubkeys";
import { verified } from "./verified";

/** The sending platform's UMA domain: it names the sender in every signed request, so a platform without one sends none. */
export function ownUmaDomain(platform: PlatformPrincipal): string {
  const d = platform.settings.umaDomain?.toLowerCase();
  if (!d) {
    throw new ApiError(
      "LNURLP_REQUEST_FAILED",
      "The platform has no umaDomain (PATCH /config): it cannot sign UMA requests",
    );
  }
  return d;
}

/**
 * The real protocol's lookup (UMAD-02/04) of an address at another VASP: a signed LNURLP request to the address's
 * domain, the answer's signature checked against that VASP's published keys (and its nonce against the cache). A 404
 * answer is no such receiver (null); a 412 the VASP's other UMA version; anything else that is not a signed UMA answer
 * for this very address, 424 LNURLP_REQUEST_FAILED.
 */
export async function remoteLookup(platform: PlatformPrincipal, address: string): Promise<CounterpartyAnswer | null> {
  const own = ownUmaDomain(platform);
  const domain = address.split("@")[1].toLowerCase();
  const keys = await vaspKeys(platform.id, own);
  const signed = await getSignedLnurlpRequestUrl({
    isSubjectToTravelRule: true,
    receiverAddress: address,
    senderVaspDomain: own,
    signingPrivateKey: keys.signingPrivateKey,
  });
  const url = vaspUrl(platform.environment, domain, `${signed.pathname}${signed.search}`);
  const { status, json } = await vaspRequest(platform.environment, { domain, url, atDomain: true });
  if (status === 404) return null;
  if (status === 412) {
    const versions = (json as { details?: { supportedMajorVersions?: unknown } } | null)?.details
      ?.supportedMajorVersions;
    throw new ApiError("UNSUPPORTED_UMA_VERSION", `The VASP at ${domain} does not support this UMA version`, {
      supportedMajorVersions: Array.isArray(versions) ? versions.filter((v) => Number.isInteger(v)) : [],
    });
  }
  if (status !== 200) throw lnurlpFailed(domain, `its LNURLP answer is HTTP ${status}`);
  let response: LnurlpResponse;
  try {
    response = LnurlpResponse.fromJson(JSON.stringify(json));
  } catch {
    throw lnurlpFailed(domain, "its answer is not an UMA LNURLP response");
  }
  if (!response.isUma() || !response.compliance)
    throw lnurlpFailed(domain, "its answer carries no UMA compliance data");
  if (response.compliance.receiverIdentifier.toLowerCase() !== address.toLowerCase())
    throw lnurlpFailed(domain, "its answer is signed for another receiver");
  try {
    await verified(
      verifyUmaLnurlpResponseSignature(response, await vaspPubKeys(platform.environment, domain), nonceCache(domain)),
    );
  } catch (e) {
    if (e instanceof ApiError && e.code === "INVALID_SIGNATURE") throw lnurlpFailed(domain, e.message);
    throw e;
  }
  const currencies = response.currencies ?? [];
  const layers = (response.settlementOptions ?? []).map((o) => o.settlementLayer);
  return {
    receiverUmaAddress: address,
    currencies: currencies.map((c) => ({ code: c.code, min: c.minSendable, max: c.maxSendable })),
    requiredPayerDataFields: gridPayerFields(response.payerData as Record<string, { mandatory: boolean }> | undefined),
    remote: {
      callback: response.callback,
      umaVersion: response.umaVersion ?? "1.0",
      sandboxSettlement: layers.includes(SANDBOX_SETTLEMENT_LAYER),
      receiverKycStatus: response.compliance.kycStatus,
    },
  };
}
