import { invalidInput } from "@/lib/api-core/validation";
import { Readable } from "node:stream";
import busboy from "busboy";
import { CsvError, parse } from "csv-parse";
import { getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows } from "@/db/schema";
import { env } from "@/lib/config/env";
import { ApiError } from "@/lib/api-core/errors";
import type { PlatformPrincipal } from "@/lib/api-core/principal";
import { formatId, newUuid } from "@/lib/ids";
import { CSV_COLUMNS, REQUIRED_COLUMNS } from "./bulk-import.contract";

const INSERT_BATCH = 1000;

/** Uploads being received by this instance, per platform (BULK_IMPORT_UPLOADS_PER_PLATFORM). */
const receiving = new Map<string, number>();

function badCsv(message: string, errors: { field: string; message: string }[]): ApiError {
  return invalidInput(errors, message);
}

const malformed = () =>
  badCsv("The multipart body is malformed", [{ field: "file", message: "Malformed multipart/form-data" }]);

/** What the handler answers with 499 (the client hung up): lib/http/handler.ts isClientGone. */
function clientGone(): Error {
  const e = new Error("aborted");
  e.name = "AbortError";
  return e;
}

/**
 * The `file` part of a multipart body, read whole into memory (at most `maxBytes`: 413) before anything touches the
 * database, so that a slow, stalled or vanished client never holds a connection or a transaction (issue 28 A4).
 * The whole body must arrive within `deadlineMs` (408 UPLOAD_TIMEOUT); a client that disconnects ends the read at
 * once. After an early answer (bad header, 413) whatever the request still holds is read and dropped, so the
 * keep-alive connection stays clean; after a timeout or a disconnect the stream is destroyed.
 */
function readFilePart(req: Request, maxBytes: number, deadlineMs: number): Promise<Buffer> {
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
      return reject(malformed());
    }
    const body = Readable.fromWeb(req.body as import("node:stream/web").ReadableStream);
    let settled = false;
    const chunks: Buffer[] = [];
    let found = false;
    let complete = false;
    const finish = (err: unknown, how: "drain" | "destroy" | "none") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal.removeEventListener("abort", onAbort);
      if (how !== "none") body.unpipe(bb);
      if (how === "drain") {
        body.on("error", () => {});
        body.resume();
      } else if (how === "destroy") body.destroy();
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    const onAbort = () => finish(clientGone(), "destroy");
    const timer = setTimeout(
      () =>
        finish(
          new ApiError("UPLOAD_TIMEOUT", `The upload did not complete within ${Math.round(deadlineMs / 1000)} s`, {
            deadlineSeconds: Math.round(deadlineMs / 1000),
          }),
          "destroy",
        ),
      deadlineMs,
    );
    if (req.signal.aborted) return onAbort();
    req.signal.addEventListener("abort", onAbort, { once: true });
    body.on("error", () => finish(clientGone(), "none"));
    bb.on("file", (name, stream) => {
      if (name !== "file" || found) return stream.resume();
      found = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () =>
        finish(new ApiError("PAYLOAD_TOO_LARGE", `The CSV file exceeds ${maxBytes} bytes`, { maxBytes }), "drain"),
      );
      stream.on("end", () => {
        complete = true;
      });
    });
    // "Unexpected end of form" (no closing boundary), a malformed part header, …: busboy's message is not logged.
    bb.on("error", () => finish(malformed(), "drain"));
    bb.on("close", () => {
      if (!found) finish(badCsv("The `file` part is required", [{ field: "file", message: "Required" }]), "none");
      else if (!complete) finish(malformed(), "none");
      else finish(undefined, "none");
    });
    body.pipe(bb);
  });
}

/** The file in 64 KiB pieces: the parser yields to other requests between them instead of holding the event loop. */
function* pieces(bytes: Buffer): Generator<Buffer> {
  for (let i = 0; i < bytes.length; i += 64 * 1024) yield bytes.subarray(i, i + 64 * 1024);
}

/**
 * The file's records, or 400. A csv-parse error answers with its code and line only: its message quotes the file's
 * content (names, emails), which belongs neither in the log nor, needlessly, in the answer (issue 28 A15).
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
  const inProgress = receiving.get(platform.id) ?? 0;
  if (inProgress >= BULK_IMPORT_UPLOADS_PER_PLATFORM) {
    throw new ApiError(
      "RATE_LIMITED",
      `At most ${BULK_IMPORT_UPLOADS_PER_PLATFORM} CSV uploads in progress per platform; retry when one has finished`,
      { maxUploadsInProgress: BULK_IMPORT_UPLOADS_PER_PLATFORM },
      { "Retry-After": "5" },
    );
  }
  receiving.set(platform.id, inProgress + 1);
  let records: Record<string, string>[];
  try {
    const bytes = await readFilePart(req, BULK_IMPORT_MAX_BYTES, BULK_IMPORT_UPLOAD_SECONDS * 1000);
    records = await parseRecords(bytes, BULK_IMPORT_MAX_ROWS);
  } finally {
    const left = (receiving.get(platform.id) ?? 1) - 1;
    if (left > 0) receiving.set(platform.id, left);
    else receiving.delete(platform.id);
  }
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
