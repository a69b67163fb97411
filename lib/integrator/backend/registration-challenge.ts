import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { integratorDb, integratorWebauthnChallenges } from "./store";
import { IntegratorError } from "./service";

const TTL_MS = 5 * 60_000;

/** A fresh WebAuthn registration challenge (32 random bytes, base64url) remembered for this user. */
export async function issueRegistrationChallenge(userId: string): Promise<string> {
  const challenge = randomBytes(32).toString("base64url");
  const db = await integratorDb();
  await db.insert(integratorWebauthnChallenges).values({ challenge, userId, expiresAt: new Date(Date.now() + TTL_MS) });
  return challenge;
}

/** The challenge must be ours, this user's, unexpired and unused (the signed retry repeats it). */
export async function assertRegistrationChallenge(userId: string, challenge: unknown): Promise<string> {
  if (typeof challenge !== "string" || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) {
    throw new IntegratorError(
      400,
      "INVALID_INPUT",
      "challenge: expected the base64url registration challenge this site issued",
    );
  }
  const db = await integratorDb();
  const [row] = await db
    .select()
    .from(integratorWebauthnChallenges)
    .where(
      and(
        eq(integratorWebauthnChallenges.challenge, challenge),
        eq(integratorWebauthnChallenges.userId, userId),
        isNull(integratorWebauthnChallenges.usedAt),
        gt(integratorWebauthnChallenges.expiresAt, new Date()),
      ),
    );
  if (!row)
    throw new IntegratorError(
      400,
      "REGISTRATION_CHALLENGE_INVALID",
      "The passkey registration challenge is unknown, used or expired: start again",
    );
  return challenge;
}

export async function consumeRegistrationChallenge(challenge: string): Promise<void> {
  const db = await integratorDb();
  await db
    .update(integratorWebauthnChallenges)
    .set({ usedAt: new Date() })
    .where(eq(integratorWebauthnChallenges.challenge, challenge));
}
