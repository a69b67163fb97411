import { invalidInput } from "@/lib/api-core/validation";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { parse } from "csv-parse";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows } from "@/db/schema";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId, newUuid } from "@/lib/ids";
import { CSV_COLUMNS, REQUIRED_COLUMNS } from "./bulk-import.contract";

const INSERT_BATCH = 1000;

function badCsv(message: string, errors: { field: string; message: string }[]): ApiError {
  return invalidInput(errors, message);
}

/**
 * The `file` part of a multipart body as a stream; the size cap aborts the upload with 413. `drain` reads
 * whatever the request still holds, so an early answer (bad header, 413) leaves the keep-alive connection clean.
 */
function filePart(req: Request, maxBytes: number): Promise<{ file: NodeJS.ReadableStream; drain: () => void }> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(type)) {
    return Promise.reject(
      new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send the CSV as multipart/form-data with a `file` part"),
    );
  }
  if (!req.body) return Promise.reject(badCsv("The `file` part is required", [{ field: "file", message: "Required" }]));
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { "content-type": type }, limits: { files: 1, fileSize: maxBytes, fields: 10 } });
    } catch {
      return reject(
        badCsv("The multipart body is malformed", [{ field: "file", message: "Malformed multipart/form-data" }]),
      );
    }
    let found = false;
    const body = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream);
    const drain = () => {
      body.unpipe(bb);
      body.resume();
    };
    bb.on("file", (name, stream) => {
      if (name !== "file" || found) return stream.resume();
      found = true;
      stream.on("limit", () =>
        stream.destroy(new ApiError("PAYLOAD_TOO_LARGE", `The CSV file exceeds ${maxBytes} bytes`, { maxBytes })),
      );
      resolve({ file: stream, drain });
    });
    bb.on("error", () =>
      reject(badCsv("The multipart body is malformed", [{ field: "file", message: "Malformed multipart/form-data" }])),
    );
    bb.on("close", () => {
      if (!found) reject(badCsv("The `file` part is required", [{ field: "file", message: "Required" }]));
    });
    body.pipe(bb);
  });
}

/**
 * POST /customers/bulk/csv: stream the file through csv-parse into the job's rows (batched inserts, one
 * transaction with the job, so a failed upload leaves nothing); the workers (worker.ts) do the rest.
 */
export async function uploadCustomersCsv(
  platform: PlatformPrincipal,
  req: Request,
): Promise<{ jobId: string; status: "PENDING" }> {
  const { BULK_IMPORT_MAX_BYTES, BULK_IMPORT_MAX_ROWS } = env();
  const { file, drain } = await filePart(req, BULK_IMPORT_MAX_BYTES);
  const parser = parse({ columns: true, bom: true, trim: true, skip_empty_lines: true, max_record_size: 64 * 1024 });
  // pipeline carries a file error (the size cap) into the parser, which the loop below then throws; and it
  // tears both down when the loop stops early.
  pipeline(file, parser).catch(() => {});
  const jobId = newUuid();
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.insert(bulkImportJobs).values({ id: jobId, platformId: platform.id, status: "PENDING", total: 0 });
      let n = 0;
      let batch: (typeof bulkImportRows.$inferInsert)[] = [];
      let checkedHeader = false;
      for await (const record of parser as AsyncIterable<Record<string, string>>) {
        if (!checkedHeader) {
          checkHeader(Object.keys(record));
          checkedHeader = true;
        }
        if (++n > BULK_IMPORT_MAX_ROWS)
          throw badCsv(`At most ${BULK_IMPORT_MAX_ROWS} rows per file`, [{ field: "file", message: "Too many rows" }]);
        batch.push({ jobId, rowNumber: n, record });
        if (batch.length === INSERT_BATCH) {
          await tx.insert(bulkImportRows).values(batch);
          batch = [];
        }
      }
      if (batch.length) await tx.insert(bulkImportRows).values(batch);
      if (n === 0)
        throw badCsv("The CSV file has no data rows", [
          { field: "file", message: "A header row and at least one data row are required" },
        ]);
      await tx.update(bulkImportJobs).set({ total: n }).where(eq(bulkImportJobs.id, jobId));
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const msg = e instanceof Error ? e.message : String(e);
    // csv-parse errors carry a code such as CSV_RECORD_INCONSISTENT_COLUMNS and the line.
    if (e && typeof e === "object" && "code" in e && String((e as { code: unknown }).code).startsWith("CSV_")) {
      throw badCsv("The CSV file cannot be parsed", [{ field: "file", message: msg }]);
    }
    throw e;
  } finally {
    drain();
  }
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
