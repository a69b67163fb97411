import { getPayRequest, PayReqResponse, verifyPayReqResponseSignature } from "@uma-sdk/core";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { CounterpartyAnswer } from "./counterparty-answer";
import { nonceCache } from "./nonce-cache";
import { gridCounterpartyInfo, UMA_PAYER_KEY } from "./payer-data";
import { kycStatusOf, SANDBOX_SETTLEMENT_LAYER } from "./receiver-terms";
import { ownUmaDomain } from "./remote-lookup";
import { lnurlpFailed, vaspRequest } from "./vasp-request";
import { vaspKeys } from "./vasp-keys";
import { vaspPubKeys } from "./vasp-pubkeys";
import { verified } from "./verified";

export interface PayRequestInput {
  receiverAddress: string;
  remote: NonNullable<CounterpartyAnswer["remote"]>;
  currency: string;
  /** In the receiving currency's smallest unit. */
  amount: bigint;
  payer: { customerId: string | null; umaAddress: string | null; kycStatus: string; values: Record<string, unknown> };
}

/** The sender as other VASPs know it: the customer's UMA address on the platform's domain, else one made of its id. */
function payerIdentifier(domain: string, payer: PayRequestInput["payer"]): string {
  if (payer.umaAddress?.toLowerCase().endsWith(`@${domain}`)) return payer.umaAddress;
  return `$${(payer.customerId ?? "platform").replace(/-/g, "").slice(0, 32)}@${domain}`;
}

/**
 * The real protocol's pay request (UMAD-05/06) at quote time: the payer data the receiver asked for, the compliance
 * data signed with the platform's key and the travel-rule data encrypted to the receiver's encryption key (the
 * library's ECIES), POSTed to the callback of its LNURLP answer; its PayReqResponse must verify against the receiver
 * VASP's key, be for this payer and receiver, and name the amount in the receiving currency. The receiver's refusal
 * of missing payer data is 400 MISSING_MANDATORY_USER_INFO; any other failure 424 LNURLP_REQUEST_FAILED.
 */
export async function remotePayRequest(platform: PlatformPrincipal, input: PayRequestInput) {
  const own = ownUmaDomain(platform);
  const domain = input.receiverAddress.split("@")[1].toLowerCase();
  if (platform.environment === "SANDBOX" && !input.remote.sandboxSettlement)
    throw lnurlpFailed(domain, "it offers no settlement layer this sandbox can pay on");
  const keys = await vaspKeys(platform.id, own);
  const receiverKeys = await vaspPubKeys(platform.environment, domain);
  const identifier = payerIdentifier(own, input.payer);
  const extra: Record<string, unknown> = {};
  for (const [grid, key] of Object.entries(UMA_PAYER_KEY)) {
    const v = input.payer.values[grid];
    if (v !== undefined && key !== "name" && key !== "email")
      extra[key] = typeof v === "string" ? v : JSON.stringify(v);
  }
  const request = await getPayRequest({
    receiverEncryptionPubKey: receiverKeys.getEncryptionPubKey(),
    sendingVaspPrivateKey: keys.signingPrivateKey,
    receivingCurrencyCode: input.currency,
    isAmountInReceivingCurrency: true,
    amount: Number(input.amount),
    payerIdentifier: identifier,
    payerName: typeof input.payer.values.FULL_NAME === "string" ? input.payer.values.FULL_NAME : undefined,
    payerEmail: typeof input.payer.values.EMAIL === "string" ? input.payer.values.EMAIL : undefined,
    trInfo: JSON.stringify({ originator: identifier, ...extra }),
    travelRuleFormat: "json@1.0",
    payerKycStatus: kycStatusOf(input.payer.kycStatus),
    umaMajorVersion: Number.parseInt(input.remote.umaVersion, 10) || 1,
    payerData: extra as Record<string, string>,
    settlement:
      platform.environment === "SANDBOX"
        ? { layer: SANDBOX_SETTLEMENT_LAYER, assetIdentifier: input.currency }
        : undefined,
  });
  const { status, json } = await vaspRequest(
    platform.environment,
    { domain, url: input.remote.callback, atDomain: false },
    JSON.parse(request.toJsonString()),
  );
  const err = json as { code?: unknown; message?: unknown; details?: { missingFields?: unknown } } | null;
  if (status === 400 && err?.code === "MISSING_MANDATORY_USER_INFO")
    throw new ApiError(
      "MISSING_MANDATORY_USER_INFO",
      `The receiver's VASP requires more payer data: ${String(err.message)}`,
      {
        missingFields: Array.isArray(err.details?.missingFields) ? err.details.missingFields.map(String) : [],
      },
    );
  if (status !== 200) throw lnurlpFailed(domain, `its pay-request answer is HTTP ${status}`);
  let response: PayReqResponse;
  try {
    response = PayReqResponse.fromJson(JSON.stringify(json));
  } catch {
    throw lnurlpFailed(domain, "its answer is not an UMA PayReqResponse");
  }
  try {
    await verified(
      verifyPayReqResponseSignature(response, identifier, input.receiverAddress, receiverKeys, nonceCache(domain)),
    );
  } catch (e) {
    if (e instanceof ApiError && e.code === "INVALID_SIGNATURE") throw lnurlpFailed(domain, e.message);
    throw e;
  }
  const amount = response.converted?.amount;
  if (response.converted?.currencyCode !== input.currency || !Number.isSafeInteger(amount) || !amount || amount < 1)
    throw lnurlpFailed(domain, `its answer does not name an amount in ${input.currency}`);
  return {
    invoice: response.pr,
    amount: BigInt(amount),
    payerIdentifier: identifier,
    counterpartyInformation: gridCounterpartyInfo(response.payeeData as Record<string, unknown> | undefined),
  };
}
