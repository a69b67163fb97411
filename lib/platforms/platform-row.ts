import type { InferSelectModel } from "drizzle-orm";
import type { platforms } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId } from "@/lib/ids";
import { platformSettingsSchema } from "@/lib/api-core/platform-settings";

export type PlatformRow = InferSelectModel<typeof platforms>;

export function toPrincipal(row: PlatformRow): PlatformPrincipal {
  return {
    id: row.id,
    publicId: formatId("Platform", row.id),
    name: row.name,
    environment: row.environment,
    // Stored settings were validated on write; parsing again fills defaults added later.
    settings: platformSettingsSchema.parse(row.settings),
  };
}
