import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { json, jsonObject } from "./json-column";

/** Mutable platform settings (GET/PATCH /config). Shape: lib/server/core/platform-settings.ts PlatformSettings. */
export type PlatformSettingsJson = Record<string, unknown>;

export const platforms = pgTable("platforms", {
  id: uuid("id").primaryKey(),
  name: text("name").notNull(),
  clientId: text("client_id").notNull().unique(),
  /** scrypt hash of the client secret: `scrypt$N$r$p$salt$hash` (never the secret). */
  secretHash: text("secret_hash").notNull(),
  environment: text("environment", { enum: ["SANDBOX", "PRODUCTION"] }).notNull(),
  settings: json("settings", jsonObject).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
