import type { InferSelectModel } from "drizzle-orm";
import type { authMethods } from "@/db/schema";
import { formatId } from "@/lib/shared/ids";
import type { AuthMethod } from "./credential.contract";

export type AuthMethodRow = InferSelectModel<typeof authMethods>;

export function toAuthMethod(row: AuthMethodRow, extra: { otpEncryptionTargetBundle?: string } = {}): AuthMethod {
  const out: AuthMethod = {
    id: formatId("AuthMethod", row.id),
    accountId: formatId("InternalAccount", row.accountId),
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
  if (row.credentialId) out.credentialId = row.credentialId;
  if (row.nickname) out.nickname = row.nickname;
  if (extra.otpEncryptionTargetBundle) out.otpEncryptionTargetBundle = extra.otpEncryptionTargetBundle;
  return out;
}
