import {
  getLnurlpResponse,
  isLnurlpRequestForUma,
  type LnurlpRequest,
  parseLnurlpRequest,
  UnsupportedVersionError,
  verifyUmaLnurlpQuerySignature,
} from "@uma-sdk/core";
import { ApiError } from "@/lib/server/core/errors";
import { invalidInput } from "@/lib/server/core/validation";
import { publicOrigin } from "@/lib/shared/config/env";
import { nonceCache } from "./nonce-cache";
import { receiverTerms, kycStatusOf } from "./receiver-terms";
import { umaReceiver } from "./receiver";
import { umaPlatformForHost } from "./uma-platform";
import { vaspKeys } from "./vasp-keys";
import { vaspPubKeys } from "./vasp-pubkeys";
import { verified } from "./verified";

/**
 * GET /.well-known/lnurlp/{user} (UMAD-02 request, UMAD-04 response): the sender's signature is checked against its
 * published keys and its nonce against the cache; the answer, signed with the platform's key, names the receiver's
 * currencies (multipliers from this service's rates), the payer data the platform requires, the receiver's KYC
 * status and the pay-request callback (from PUBLIC_URL). The request's URL is read for its path and query only:
 * the domain in the signed receiver address is the platform's configured one.
 */
export async function serveLnurlp(host: string | null, url: URL, user: string) {
  const { platform, domain } = await umaPlatformForHost(host);
  let request: LnurlpRequest;
  try {
    request = parseLnurlpRequest(new URL(`https://${domain}/.well-known/lnurlp/${user}${url.search}`));
  } catch (e) {
    if (e instanceof UnsupportedVersionError)
      throw new ApiError("UNSUPPORTED_UMA_VERSION", e.message, { supportedMajorVersions: e.supportedMajorVersions });
    throw invalidInput([{ field: "query", message: (e as Error).message }], "Not an UMA LNURLP request");
  }
  if (!isLnurlpRequestForUma(request)) {
    throw invalidInput([{ field: "query", message: "UMA parameters required" }], "This VASP answers UMA requests only");
  }
  const address = `$${user.replace(/^\$/, "")}@${domain}`;
  const { customer, accounts } = await umaReceiver(platform, { address });
  const senderDomain = request.vaspDomain.toLowerCase();
  await verified(
    verifyUmaLnurlpQuerySignature(
      request,
      await vaspPubKeys(platform.environment, senderDomain),
      nonceCache(senderDomain),
    ),
  );
  const terms = await receiverTerms(
    platform,
    accounts.map((a) => a.currency),
  );
  const keys = await vaspKeys(platform.id, domain);
  const response = await getLnurlpResponse({
    request,
    privateKeyBytes: keys.signingPrivateKey,
    requiresTravelRuleInfo: true,
    callback: `${publicOrigin()}/uma/payreq/${customer.id}`,
    encodedMetadata: JSON.stringify([
      ["text/plain", `Pay ${address} on ${platform.name}`],
      ["text/identifier", address],
    ]),
    minSendableSats: 1,
    maxSendableSats: 10_000_000,
    payerDataOptions: terms.payerDataOptions,
    currencyOptions: terms.currencies,
    receiverKycStatus: kycStatusOf(customer.kycStatus),
    settlementOptions: terms.settlementOptions,
  });
  return JSON.parse(response.toJsonString()) as Record<string, unknown>;
}
