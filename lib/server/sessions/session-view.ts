import type { InferSelectModel } from "drizzle-orm";
import type { authSessions } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { AuthSession } from "./session.contract";

export type SessionRow = InferSelectModel<typeof authSessions>;

export function toAuthSession(
  row: SessionRow,
  nickname: string | null,
  encryptedSessionSigningKey?: string,
): AuthSession {
  const out: AuthSession = {
    id: formatId("Session", row.id),
    accountId: formatId("InternalAccount", row.accountId),
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
  if (nickname) out.nickname = nickname;
  if (encryptedSessionSigningKey) out.encryptedSessionSigningKey = encryptedSessionSigningKey;
  return out;
}
