import { eq } from "drizzle-orm";
import { authSessions } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { findActiveSessionOrThrow } from "./find-active-session";

interface Input {
  platform: PlatformPrincipal;
  sessionId: string;
}

/** DELETE /auth/sessions/{id}: any active session of the account may sign (the session itself included). */
const revokeSessionOperation: SignedOperation<Input> = {
  name: "sessions.revoke",
  activityType: "ACTIVITY_TYPE_REVOKE_SESSION",
  async prepare(input, db) {
    const { session } = await findActiveSessionOrThrow(db, input.platform.id, input.sessionId);
    return {
      accountId: session.accountId,
      credentialType: session.type,
      parameters: {
        accountId: formatId("InternalAccount", session.accountId),
        sessionId: formatId("Session", session.id),
      },
      signer: { kind: "SESSION", accountId: session.accountId },
      context: {},
    };
  },
  async recheck(input, _context, db) {
    await findActiveSessionOrThrow(db, input.platform.id, input.sessionId);
  },
  async execute(tx, input) {
    const { session } = await findActiveSessionOrThrow(tx, input.platform.id, input.sessionId, { forUpdate: true });
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(eq(authSessions.id, session.id));
    return reply(204);
  },
};

export function revokeSession(call: SignedCall<Input>) {
  return runSignedRetry(revokeSessionOperation, call);
}
