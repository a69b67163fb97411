import type { InferSelectModel } from "drizzle-orm";
import type { apiTokens } from "@/db/schema";
import { formatId, iso } from "@/lib/shared/ids";
import type { ApiToken } from "./api-token.contract";

export function toApiToken(row: InferSelectModel<typeof apiTokens>): ApiToken {
  return {
    id: formatId("Token", row.id),
    name: row.name,
    permissions: row.permissions as ApiToken["permissions"],
    clientId: row.clientId,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
