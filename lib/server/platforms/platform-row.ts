import type { InferSelectModel } from "drizzle-orm";
import type { platforms } from "@/db/schema";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId } from "@/lib/shared/ids";
import { type PlatformSettings, platformSettingsSchema } from "@/lib/server/core/platform-settings";

export type PlatformRow = InferSelectModel<typeof platforms>;

export function toPrincipal(row: PlatformRow): PlatformPrincipal {
  return {
    id: row.id,
    publicId: formatId("Platform", row.id),
    name: row.name,
    environment: row.environment,
    settings: settingsOf(row.settings),
  };
}

/**
 * Stored settings were validated on write; parsing again fills defaults added later. Every request of a platform reads
 * the same stored settings, so each distinct value is parsed once (≈ 8 µs of every request, in a CPU profile of
 * bench:money-path): a memo of a pure function, keyed by the value itself (PostgreSQL prints jsonb keys in one order), not state.
 * Shared between requests, so frozen: a caller that changed it would change another request's principal.
 */
function settingsOf(stored: unknown): PlatformSettings {
  const key = JSON.stringify(stored);
  let parsed = parsedSettings.get(key);
  if (!parsed) {
    parsed = deepFreeze(platformSettingsSchema.parse(stored));
    if (parsedSettings.size >= PARSED_SETTINGS_MAX) parsedSettings.clear();
    parsedSettings.set(key, parsed);
  }
  return parsed;
}
const PARSED_SETTINGS_MAX = 1000;
const parsedSettings = new Map<string, PlatformSettings>();

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
