import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { platforms } from "./platforms";
import { json, jsonObject, stringMap } from "./json-column";

/**
 * A bulk customer import (`POST /customers/bulk/csv`). Counters move in the same transaction as the rows
 * they count, so progress read at any moment is exact.
 */
export const bulkImportJobs = pgTable(
  "bulk_import_jobs",
  {
    id: uuid("id").primaryKey(),
    platformId: uuid("platform_id")
      .notNull()
      .references(() => platforms.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["PENDING", "PROCESSING", "COMPLETED", "FAILED"] }).notNull(),
    total: integer("total").notNull(),
    processed: integer("processed").notNull().default(0),
    successful: integer("successful").notNull().default(0),
    failed: integer("failed").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [index("bulk_import_jobs_platform_idx").on(t.platformId, t.id)],
);

/**
 * One CSV record of a job. A worker claims PENDING rows with FOR UPDATE SKIP LOCKED and, in one transaction,
 * creates their customers and marks them done: a worker that dies mid-batch commits nothing, and its rows
 * are claimed again (every row exactly once).
 */
export const bulkImportRows = pgTable(
  "bulk_import_rows",
  {
    jobId: uuid("job_id")
      .notNull()
      .references(() => bulkImportJobs.id, { onDelete: "cascade" }),
    rowNumber: integer("row_number").notNull(),
    /** The CSV record as parsed (column → text); personal data, deleted with the job. */
    record: json("record", stringMap).notNull(),
    state: text("state", { enum: ["PENDING", "SUCCEEDED", "FAILED"] })
      .notNull()
      .default("PENDING"),
    error: json("error", jsonObject),
    customerId: uuid("customer_id"),
  },
  (t) => [
    primaryKey({ columns: [t.jobId, t.rowNumber] }),
    index("bulk_import_rows_pending_idx").on(t.jobId, t.rowNumber).where(sql`${t.state} = 'PENDING'`),
  ],
);
