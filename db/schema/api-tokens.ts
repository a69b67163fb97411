import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";

/**
 * Further platform credentials (`POST /tokens`). The secret is stored only as the platform secret is
 * (scrypt, lib/server/platforms/secret-hash.ts); deleting the row ends the credential at once on every instance.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Grid's Permission values: VIEW, TRANSACT, MANAGE. */
    permissions: text("permissions").array().notNull(),
    clientId: text("client_id").notNull().unique(),
    secretHash: text("secret_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("api_tokens_platform_idx").on(t.platformId, t.id)],
);
