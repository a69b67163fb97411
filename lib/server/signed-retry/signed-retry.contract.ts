import { z } from "zod";
import type { ResponseSpec } from "@/lib/server/core/operation";

export const credentialTypeSchema = z.enum(["PASSKEY", "OAUTH", "EMAIL_OTP", "SMS_OTP"]);

/** HTTP 202 body: the signed-retry challenge (spec "Signed-retry challenge"). */
const signedRetryChallengeSchema = z.object({
  type: credentialTypeSchema.optional().describe("The credential concerned; omitted where no single credential is"),
  payloadToSign: z.string().describe("Sign these exact UTF-8 bytes (ECDSA-P256-SHA256, DER hex in the stamp)"),
  requestId: z.string().describe("Request:<uuid>; single use"),
  expiresAt: z.string().describe("ISO 8601; 5 minutes after issue"),
});

/** HTTP 200 body while the wallet provider has not settled (spec "WalletOperationProcessing"). */
export const processingSchema = z.object({ status: z.literal("PROCESSING"), message: z.string() });

export const signedRetryHeaders = {
  "Service-Wallet-Signature": {
    description:
      "On the retry: base64url of the JSON stamp {publicKey, scheme: SIGNATURE_SCHEME_TK_API_P256, signature} over payloadToSign (protocol.md). " +
      "Grid's spelling Grid-Wallet-Signature is the same header; both with different values → 400 INVALID_INPUT",
  },
  "Request-Id": { description: "On the retry: the requestId of the 202" },
};

const replayedHeader = {
  "Signed-Request-Replayed":
    "`true` on the stored terminal answer given again to an identical re-send (same Request-Id, byte-identical stamp, same body) until expiresAt; export seals afresh instead",
};

/** The responses every signed-retry operation shares, plus its terminal one(s) (which may be replays). */
export function signedRetryResponses<T extends Record<number, ResponseSpec>>(
  terminal: T,
): T & { 202: { description: string; schema: typeof signedRetryChallengeSchema } } {
  const marked: Record<number, ResponseSpec> = Object.fromEntries(
    Object.entries(terminal).map(([status, r]) => [status, { ...r, headers: { ...r.headers, ...replayedHeader } }]),
  );
  return {
    202: {
      description: "Signed-retry challenge: sign payloadToSign and repeat the identical request with the two headers",
      schema: signedRetryChallengeSchema,
    },
    // The same statuses and schemas as `terminal`, each with the replay header added.
    ...(marked as T),
  };
}
