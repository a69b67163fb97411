import { invalidInput } from "@/lib/server/core/validation";
import { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse";
import { getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "@/lib/server/core/errors";
import { readMultipart, requireMultipart, withUploadSlot } from "@/lib/server/core/multipart";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, newUuid } from "@/lib/shared/ids";
import { CSV_COLUMNS, REQUIRED_COLUMNS } from "./bulk-import.contract";

const INSERT_BATCH = 1000;

function badCsv(message: string, errors: { field: string; message: string }[]): ApiError {
  return invalidInput(errors, message);
}

/**
 * The `file` part of a multipart body, read whole into memory (lib/server/core/multipart.ts: size cap 413, deadline
 * 408, a hang-up ends the read) before anything touches the database, so that a slow, stalled or vanished client
 * never holds a connection or a transaction.
 */
async function readFilePart(req: Request, maxBytes: number, deadlineMs: number): Promise<Buffer> {
  const form = await readMultipart(req, {
    // The file and room for a few small fields beside it.
    maxBytes: maxBytes + 64 * 1024,
    maxFileBytes: maxBytes,
    deadlineMs,
    files: ["file"],
    what: "The CSV file",
    field: "file",
  });
  const file = form.get("file");
  if (!(file instanceof File)) throw badCsv("The `file` part is required", [{ field: "file", message: "Required" }]);
  return Buffer.from(await file.arrayBuffer());
}

/** The file in 64 KiB pieces: the parser yields to other requests between them instead of holding the event loop. */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

/**
 * The file's records, or 400. A csv-parse error answers with its code and line only: its message quotes the file's
 * content (names, emails), which belongs neither in the log nor, needlessly, in the answer.
 */
async function parseRecords(bytes: Buffer, maxRows: number): Promise<Record<string, string>[]> {
  const records: Record<string, string>[] = [];
  const parser = parse({
    columns: (header: string[]) => {
      checkHeader(header.map((c) => c.trim()));
      return header.map((c) => c.trim());
    },
    bom: true,
    trim: true,
    skip_empty_lines: true,
    max_record_size: 64 * 1024,
    // One row past the cap is enough to refuse the file.
    to: maxRows + 1,
  });
  const feed = Readable.from(pieces(bytes));
  feed.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<Record<string, string>>) records.push(record);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (e instanceof CsvError) {
      const line = (e as CsvError & { lines?: number }).lines;
      throw badCsv("The CSV file cannot be parsed", [
        { field: "file", message: line ? `${e.code} at line ${line}` : e.code },
      ]);
    }
    // Anything else csv-parse throws on odd bytes is still the file's fault, never the server's.
    throw badCsv("The CSV file cannot be parsed", [{ field: "file", message: "Unparseable CSV" }]);
  } finally {
    feed.unpipe(parser);
    feed.destroy();
  }
  if (records.length > maxRows)
    throw badCsv(`At most ${maxRows} rows per file`, [{ field: "file", message: "Too many rows" }]);
  if (records.length === 0)
    throw badCsv("The CSV file has no data rows", [
      { field: "file", message: "A header row and at least one data row are required" },
    ]);
  // PostgreSQL's jsonb cannot hold U+0000: a NUL anywhere is refused here rather than failing the insert.
  const nul = records.findIndex((r) => Object.values(r).some((v) => typeof v === "string" && v.includes("\u0000")));
  if (nul >= 0)
    throw badCsv("The CSV file holds a NUL character", [{ field: "file", message: `NUL in data row ${nul + 1}` }]);
  return records;
}

/**
 * POST /customers/bulk/csv: receive the file whole (deadline, size cap, per-platform cap on uploads in progress),
 * parse it, then store the job and its rows in one short transaction, so a refused file leaves nothing; the
 * workers (worker.ts) do the rest.
 */
export async function uploadCustomersCsv(
  platform: PlatformPrincipal,
  req: Request,
): Promise<{ jobId: string; status: "PENDING" }> {
  const { BULK_IMPORT_MAX_BYTES, BULK_IMPORT_MAX_ROWS, BULK_IMPORT_UPLOAD_SECONDS, BULK_IMPORT_UPLOADS_PER_PLATFORM } =
    env();
  requireMultipart(req, "Send the CSV as multipart/form-data with a `file` part");
  const records = await withUploadSlot("bulk-csv", platform.id, BULK_IMPORT_UPLOADS_PER_PLATFORM, async () => {
    const bytes = await readFilePart(req, BULK_IMPORT_MAX_BYTES, BULK_IMPORT_UPLOAD_SECONDS * 1000);
    return parseRecords(bytes, BULK_IMPORT_MAX_ROWS);
  });
  const jobId = newUuid();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .insert(bulkImportJobs)
      .values({ id: jobId, platformId: platform.id, status: "PENDING", total: records.length });
    for (let i = 0; i < records.length; i += INSERT_BATCH) {
      await tx
        .insert(bulkImportRows)
        .values(records.slice(i, i + INSERT_BATCH).map((record, k) => ({ jobId, rowNumber: i + k + 1, record })));
    }
  });
  return { jobId: formatId("Job", jobId), status: "PENDING" };
}

function checkHeader(columns: string[]): void {
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
  const errors = [
    ...missing.map((c) => ({ field: `file.${c}`, message: "Required column" })),
    ...unknown.map((c) => ({
      field: `file.${c}`,
      message: `Unknown column; expected some of ${CSV_COLUMNS.join(", ")}`,
    })),
  ];
  if (errors.length) throw badCsv("The CSV header does not have Grid's columns", errors);
}
