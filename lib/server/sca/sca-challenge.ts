import { invalidInput } from "@/lib/server/core/validation";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { generateAuthenticationOptions } from "@simplewebauthn/server";
import type { Tx } from "@/db/client";
import { scaChallenges, scaPasskeys } from "@/db/schema";
import { otpDigest, otpMatches } from "@/lib/server/credentials/email-otp/otp-code";
import {
  type PasskeyAssertion,
  verifyPasskeyAssertion,
} from "@/lib/server/credentials/passkey/verify-passkey-assertion";
import { keyedDigest } from "@/lib/server/keys/keyed-digest";
import type { CustomerRow } from "@/lib/server/customers/customer-view";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid } from "@/lib/shared/ids";
import { RATE_LIMITS, consumeRateLimit } from "@/lib/server/rate-limit/consume-rate-limit";
import { sendSms } from "@/lib/server/sms/send-sms";
import { spendTotpCode } from "./check-code";
import { enrolledFactors, type ScaFactor } from "./sca-factors";
import { SANDBOX_SCA_CODE, countFailure, lockedError, type ScaState } from "./sca-state";
import { openTotpSecret } from "./totp";
import { defined } from "@/lib/shared/invariant";

/** How long a quote-authorization or trust challenge can be satisfied (Grid: "a few minutes"). */
export const SCA_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type ScaPurpose = "QUOTE" | "TRUST" | "UNTRUST" | "LOGIN";
export type ScaChallengeRow = typeof scaChallenges.$inferSelect;

/** Grid's ScaChallenge (the public part of a challenge). */
interface ScaChallengeView {
  id: string;
  expiresAt: string;
  factor: ScaFactor;
  availableFactors: ScaFactor[];
  purpose?: string;
  passkeyAssertionOptions?: Record<string, unknown>;
}

export interface ScaProof {
  code?: string | null;
  passkeyAssertion?: Record<string, unknown> | null;
  origin?: string | null;
}

export interface IssuedChallenge {
  row: ScaChallengeRow;
  view: ScaChallengeView;
  /** An SMS to send after the transaction commits (production SMS_OTP only). */
  sms: { to: string; challengeId: string } | null;
}

/**
 * Issue a challenge to one of the customer's enrolled factors (the requested one, else SMS_OTP, else the
 * first enrolled). A per-transaction challenge (QUOTE) cannot use TOTP: a TOTP code carries no dynamic
 * link to the amount and payee (Grid). No usable factor → 409.
 */
export async function issueScaChallenge(
  tx: Tx,
  platform: PlatformPrincipal,
  args: {
    customer: CustomerRow;
    state: ScaState;
    purpose: ScaPurpose;
    subjectId: string;
    factor?: ScaFactor | null;
    factorField?: string;
  },
): Promise<IssuedChallenge> {
  const { customer, state, purpose } = args;
  const enrolled = await enrolledFactors(tx, customer, state);
  const available = enrolled.factors.filter((f) => purpose !== "QUOTE" || f !== "TOTP");
  if (args.factor && !available.includes(args.factor)) {
    const why =
      purpose === "QUOTE" && args.factor === "TOTP"
        ? "TOTP cannot authorize a payment (no dynamic linking)"
        : `${args.factor} is not enrolled`;
    throw invalidInput([{ field: args.factorField ?? "scaFactor", message: why }], why, {
      availableFactors: available,
    });
  }
  const factor = args.factor ?? (available.includes("SMS_OTP") ? "SMS_OTP" : available[0]);
  if (!factor) {
    throw new ApiError(
      "CONFLICT",
      "The customer has no SCA factor to authorize with: verify the phone (SMS_OTP) or enroll a factor first",
      {
        reason: "NO_SCA_FACTOR",
      },
    );
  }
  await consumeRateLimit(
    `sca-challenge:${args.subjectId}`,
    RATE_LIMITS.passkeyChallenge,
    "SCA challenges for this subject",
  );
  const id = newUuid();
  const sandbox = platform.environment === "SANDBOX";
  let codeDigest: string | null = null;
  let sms: IssuedChallenge["sms"] = null;
  let passkeyChallenge: string | null = null;
  let passkeyAssertionOptions: Record<string, unknown> | undefined;
  if (factor === "SMS_OTP") {
    codeDigest = await otpDigest(id, challengeCode(sandbox, id));
    if (!sandbox) sms = { to: defined(customer.phoneNumber, "the phone of an SMS_OTP customer"), challengeId: id };
  } else if (factor === "PASSKEY") {
    const options = await generateAuthenticationOptions({
      rpID: platform.settings.webauthn.rpId,
      allowCredentials: enrolled.passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
      challenge: randomBytes(32),
      timeout: SCA_CHALLENGE_TTL_MS,
      userVerification: "preferred",
    });
    passkeyChallenge = options.challenge;
    passkeyAssertionOptions = { ...options };
  }
  const [row] = await tx
    .insert(scaChallenges)
    .values({
      id,
      platformId: platform.id,
      customerId: customer.id,
      purpose,
      subjectId: args.subjectId,
      factor,
      codeDigest,
      passkeyChallenge,
      expiresAt: new Date(Date.now() + SCA_CHALLENGE_TTL_MS),
    })
    .returning();
  return { row, sms, view: challengeView(row, available, passkeyAssertionOptions) };
}

function challengeView(
  row: Pick<ScaChallengeRow, "id" | "expiresAt" | "factor">,
  available: ScaFactor[],
  passkeyAssertionOptions?: Record<string, unknown> | null,
): ScaChallengeView {
  const view: ScaChallengeView = {
    id: formatId("ScaChallenge", row.id),
    expiresAt: row.expiresAt.toISOString(),
    factor: row.factor,
    availableFactors: available.length ? available : [row.factor],
  };
  if (passkeyAssertionOptions) view.passkeyAssertionOptions = passkeyAssertionOptions;
  return view;
}

/**
 * The SMS code of a challenge: 123456 in sandbox, else six digits of a keyed digest (KEK-derived HMAC) of
 * the challenge id. Only the holder of the key can compute it, the database keeps only its digest, and a
 * resend (Grid: the same challenge, not a new one) sends the same code again.
 */
function challengeCode(sandbox: boolean, challengeId: string): string {
  if (sandbox) return SANDBOX_SCA_CODE;
  return String(parseInt(keyedDigest("sca-challenge-code/v1", challengeId).slice(0, 12), 16) % 1_000_000).padStart(
    6,
    "0",
  );
}

/** Send the challenge's SMS (after the commit, like every other code). */
export async function deliverChallenge(issued: Pick<IssuedChallenge, "sms">): Promise<void> {
  if (!issued.sms) return;
  const code = challengeCode(false, issued.sms.challengeId);
  await sendSms({ to: issued.sms.to, body: `Your authorization code is ${code}. It expires in 5 minutes.` });
}

/** The newest unconsumed challenge of a subject for this purpose (the one `challengeId` names, when given). */
export async function openChallenge(
  tx: Tx,
  subjectId: string,
  purpose: ScaPurpose,
  challengeId?: string | null,
): Promise<ScaChallengeRow | undefined> {
  const [row] = await tx
    .select()
    .from(scaChallenges)
    .where(
      and(eq(scaChallenges.subjectId, subjectId), eq(scaChallenges.purpose, purpose), isNull(scaChallenges.consumedAt)),
    )
    .orderBy(desc(scaChallenges.createdAt))
    .limit(1)
    .for("update");
  if (!row) return undefined;
  if (challengeId && challengeId !== formatId("ScaChallenge", row.id) && challengeId !== row.id) return undefined;
  return row;
}

/** 400 listing the proof fields when neither `code` nor `passkeyAssertion` + `origin` is given. */
export function requireProofShape(proof: ScaProof): void {
  if (proof.code) return;
  if (proof.passkeyAssertion && proof.origin) return;
  const errors = proof.passkeyAssertion
    ? [{ field: "origin", message: "Required alongside passkeyAssertion" }]
    : [{ field: "code", message: "Required (or passkeyAssertion + origin for PASSKEY)" }];
  throw invalidInput(errors, "Give code (SMS_OTP, TOTP) or passkeyAssertion and origin (PASSKEY)");
}

/** Whether the proof satisfies the challenge. A passkey assertion that verifies moves its counter. */
export async function proofSatisfies(
  tx: Tx,
  platform: PlatformPrincipal,
  customer: CustomerRow,
  state: ScaState,
  ch: ScaChallengeRow,
  proof: ScaProof,
): Promise<boolean> {
  if (ch.factor === "SMS_OTP") return !!proof.code && !!ch.codeDigest && otpMatches(ch.id, proof.code, ch.codeDigest);
  if (ch.factor === "TOTP")
    return (
      !!proof.code &&
      !!state.totpSecretEnc &&
      (await spendTotpCode(tx, platform, state, await openTotpSecret(state.totpSecretEnc, customer.id), proof.code))
    );
  return passkeySatisfies(tx, platform, customer, ch.passkeyChallenge, proof);
}

/**
 * A WebAuthn assertion (the browser's PublicKeyCredential JSON) against one of the customer's SCA passkeys,
 * checked by the service's one assertion check (lib/server/credentials/passkey/verify-passkey-assertion.ts) under the
 * platform's wallet RP settings, at the origin the proof states. Any refusal is a wrong proof (counted by the caller).
 */
export async function passkeySatisfies(
  tx: Tx,
  platform: PlatformPrincipal,
  customer: CustomerRow,
  expectedChallenge: string | null,
  proof: ScaProof,
): Promise<boolean> {
  const assertion = proof.passkeyAssertion ? assertionOf(proof.passkeyAssertion) : null;
  if (!assertion || !expectedChallenge || !proof.origin) return false;
  const [passkey] = await tx
    .select()
    .from(scaPasskeys)
    .where(and(eq(scaPasskeys.customerId, customer.id), eq(scaPasskeys.credentialId, assertion.credentialId)));
  if (!passkey) return false;
  let newCounter: number;
  try {
    ({ newCounter } = await verifyPasskeyAssertion({
      webauthn: platform.settings.webauthn,
      origin: proof.origin,
      webauthnChallenge: expectedChallenge,
      passkey: {
        credentialId: passkey.credentialId,
        publicKey: passkey.publicKey,
        signCount: passkey.counter,
        transports: passkey.transports,
      },
      assertion,
    }));
  } catch (e) {
    if (e instanceof ApiError) return false;
    throw e;
  }
  await tx.update(scaPasskeys).set({ counter: newCounter }).where(eq(scaPasskeys.id, passkey.id));
  return true;
}

/** The parts of a browser PublicKeyCredential (assertion) JSON; null when it is not one (rawId must be its id). */
function assertionOf(json: Record<string, unknown>): PasskeyAssertion | null {
  const r = json.response as Record<string, unknown> | null | undefined;
  if (typeof json.id !== "string" || (json.rawId !== undefined && json.rawId !== json.id)) return null;
  if (json.type !== "public-key" || !r) return null;
  const { clientDataJSON, authenticatorData, signature, userHandle } = r;
  if (typeof clientDataJSON !== "string" || typeof authenticatorData !== "string" || typeof signature !== "string")
    return null;
  return {
    credentialId: json.id,
    clientDataJson: clientDataJSON,
    authenticatorData,
    signature,
    userHandle: typeof userHandle === "string" ? userHandle : null,
  };
}

/**
 * A wrong proof is a failed SCA attempt: counted (the fifth locks for 15 minutes) in the caller's
 * transaction, which then commits before the refusal is answered. Returns the error to throw after the commit.
 */
export async function failedProof(tx: Tx, state: ScaState): Promise<ApiError> {
  const after = await countFailure(tx, state);
  if (after.lockedUntil && after.lockedUntil.getTime() > Date.now()) return lockedError(after.lockedUntil);
  return invalidInput([{ field: "code", message: "Wrong code or assertion" }], "The SCA proof is not correct", {
    failedAttempts: after.failedAttempts,
  });
}

export async function consumeChallenge(tx: Tx, id: string): Promise<void> {
  await tx.update(scaChallenges).set({ consumedAt: new Date() }).where(eq(scaChallenges.id, id));
}
