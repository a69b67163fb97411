import { eq } from "drizzle-orm";
import { authSessions } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import type { SignedCall, SignedOperation } from "@/lib/server/signed-retry/signed-operation";
import { createSessionSealedTo } from "./create-session";
import { findActiveSessionOrThrow } from "./find-active-session";

interface Input {
  platform: PlatformPrincipal;
  sessionId: string;
  clientPublicKey: string;
}

/** protocol.md "Session refresh": signed by the session itself; on acceptance it is replaced. */
const refreshSessionOperation: SignedOperation<Input> = {
  name: "sessions.refresh",
  activityType: "ACTIVITY_TYPE_REFRESH_SESSION",
  async prepare(input, db) {
    const { session } = await findActiveSessionOrThrow(db, input.platform.id, input.sessionId);
    return {
      accountId: session.accountId,
      credentialType: session.type,
      parameters: {
        accountId: formatId("InternalAccount", session.accountId),
        clientPublicKey: input.clientPublicKey,
        sessionId: formatId("Session", session.id),
      },
      signer: { kind: "SESSION", accountId: session.accountId, sessionId: session.id },
      context: {},
    };
  },
  async recheck(input, _context, db) {
    await findActiveSessionOrThrow(db, input.platform.id, input.sessionId);
  },
  async execute(tx, input) {
    const { session, nickname } = await findActiveSessionOrThrow(tx, input.platform.id, input.sessionId, {
      forUpdate: true,
    });
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date(), updatedAt: new Date() })
      .where(eq(authSessions.id, session.id));
    const next = await createSessionSealedTo(
      tx,
      {
        platform: input.platform,
        accountId: session.accountId,
        authMethodId: session.authMethodId,
        type: session.type,
        nickname,
      },
      input.clientPublicKey,
    );
    return reply(201, next);
  },
};

export function refreshSession(call: SignedCall<Input>) {
  return runSignedRetry(refreshSessionOperation, call);
}
