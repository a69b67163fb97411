import { getPayReqResponse, getVaspDomainFromUmaAddress, PayRequest, verifyPayReqSignature } from "@uma-sdk/core";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { customers, umaInvoices } from "@/db/schema";
import { ApiError, notFound } from "@/lib/server/core/errors";
import { invalidInput } from "@/lib/server/core/validation";
import { publicOrigin } from "@/lib/shared/config/env";
import { newUuid, parseId } from "@/lib/shared/ids";
import { nonceCache } from "./nonce-cache";
import { umaReceiver } from "./receiver";
import { receiverTerms } from "./receiver-terms";
import { umaPlatformById } from "./uma-platform";
import { vaspKeys } from "./vasp-keys";
import { vaspPubKeys } from "./vasp-pubkeys";
import { verified } from "./verified";

/** How long an invoice this service issues may be settled. */
const INVOICE_TTL_MS = 10 * 60 * 1000;

const badRequest = (message: string) => invalidInput([{ field: "body", message }], message);

/**
 * POST /uma/payreq/{receiver} (UMAD-05 pay request → UMAD-06 PayReqResponse), the callback the LNURLP response names:
 * the sender's compliance signature is checked against the keys its identifier's VASP publishes and its nonce against
 * the cache; the payer data the platform requires must be there; the amount (in the receiving currency, or in
 * millisatoshis at the multiplier this service states) must be within bounds. The answer is signed and its invoice,
 * for the sandbox settlement layer, is the URL the payment is delivered to (docs/protocol.md "UMA").
 */
export async function answerPayRequest(receiver: string, body: unknown) {
  const customerId = parseId("Customer", receiver) ?? (/^[0-9a-f-]{36}$/i.test(receiver) ? receiver : null);
  const db = await getDb();
  const [owner] = customerId
    ? await db.select({ platformId: customers.platformId }).from(customers).where(eq(customers.id, customerId))
    : [];
  if (!customerId || !owner) throw notFound("UMA_NOT_FOUND", "UMA receiver", receiver);
  const { platform, domain } = await umaPlatformById(owner.platformId);
  const { customer, accounts } = await umaReceiver(platform, { customerId });
  let request: PayRequest;
  try {
    request = PayRequest.fromJson(JSON.stringify(body));
  } catch {
    throw badRequest("Not an UMA pay request");
  }
  if (!request.isUma()) throw badRequest("UMA payer data (identifier and compliance) required");
  const payerIdentifier = request.payerData.identifier ?? "";
  let senderDomain: string;
  try {
    senderDomain = getVaspDomainFromUmaAddress(payerIdentifier).toLowerCase();
  } catch {
    throw badRequest("payerData.identifier is not an UMA address");
  }
  await verified(
    verifyPayReqSignature(request, await vaspPubKeys(platform.environment, senderDomain), nonceCache(senderDomain)),
  );
  const terms = await receiverTerms(
    platform,
    accounts.map((a) => a.currency),
  );
  const payerData = request.payerData as Record<string, unknown>;
  const missing = Object.entries(terms.payerDataOptions)
    .filter(
      ([key, o]) => o.mandatory && (payerData[key] === undefined || payerData[key] === null || payerData[key] === ""),
    )
    .map(([key]) => key);
  if (missing.length > 0) {
    throw new ApiError(
      "MISSING_MANDATORY_USER_INFO",
      `The receiver requires payer data not given: ${missing.join(", ")}`,
      {
        missingFields: missing,
      },
    );
  }
  const currency = terms.currencies.find((c) => c.code === request.receivingCurrencyCode);
  const account = accounts.find((a) => a.currency === currency?.code);
  if (!currency || !account) throw badRequest(`The receiver is not paid in ${request.receivingCurrencyCode}`);
  const amount = request.sendingAmountCurrencyCode
    ? Math.round(request.amount)
    : Math.round(request.amount / currency.multiplier);
  if (!Number.isSafeInteger(amount) || amount < currency.minSendable || amount > currency.maxSendable)
    throw badRequest(`The amount must be within ${currency.minSendable}–${currency.maxSendable} ${currency.code}`);
  const address = customer.umaAddress;
  const invoiceId = newUuid();
  await db.insert(umaInvoices).values({
    id: invoiceId,
    platformId: platform.id,
    customerId: customer.id,
    accountId: account.id,
    senderVaspDomain: senderDomain,
    payerIdentifier,
    payerName: typeof payerData.name === "string" ? payerData.name.slice(0, 200) : null,
    currency: currency.code,
    amount: BigInt(amount),
    expiresAt: new Date(Date.now() + INVOICE_TTL_MS),
  });
  const keys = await vaspKeys(platform.id, domain);
  const invoiceUrl = `${publicOrigin()}/uma/settlement/${invoiceId}`;
  const response = await getPayReqResponse({
    request,
    conversionRate: currency.multiplier,
    receivingCurrencyCode: currency.code,
    receivingCurrencyDecimals: currency.decimals,
    invoiceCreator: { createUmaInvoice: async () => invoiceUrl },
    metadata: JSON.stringify([
      ["text/plain", `Pay ${address}`],
      ["text/identifier", address],
    ]),
    receiverChannelUtxos: [],
    receiverFeesMillisats: 0,
    payeeData: {
      identifier: address,
      name: String((customer.profile as { fullName?: unknown }).fullName ?? "") || undefined,
    },
    receivingVaspPrivateKey: keys.signingPrivateKey,
    payeeIdentifier: address,
  });
  return JSON.parse(response.toJsonString()) as Record<string, unknown>;
}
