import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError } from "./errors";
import { invalidInput } from "./validation";

/**
 * The one way an upload is received (POST /documents, PUT /documents/{id}, the hosted KYC form, POST
 * /customers/bulk/csv). Its callers have already authenticated and authorised the request from its URL and headers,
 * so that no byte of a stranger's body is read. The body is streamed through busboy under a size cap (413 as soon as
 * it is passed, or at once when Content-Length announces more), a deadline for the whole body (408) and a cap on the
 * uploads one platform may have in progress on this instance (429): a slow, stalled or hostile client holds at most
 * one slot and the bytes it sent, never a database connection. A client that hangs up ends the read at once (the
 * edge answers 499); a body that ends early or is not multipart is a 400, never an exception.
 */
export interface UploadLimits {
  /** The whole body, in bytes. */
  maxBytes: number;
  /** Each file part, in bytes (default: `maxBytes`). */
  maxFileBytes?: number;
  deadlineMs: number;
  /** Only these file parts are kept (others are read and dropped); default: every file part. */
  files?: readonly string[];
  /** How a too-large body is named in the 413 (default: "The request body"). */
  what?: string;
  /** The field a malformed body's 400 names (default: "(body)"). */
  field?: string;
}

const malformedMultipart = (field = "(body)") =>
  invalidInput([{ field, message: "Malformed multipart/form-data" }], "The multipart body could not be parsed");

/** What lib/server/edge/http/handler.ts answers with 499 (the client hung up): its isClientGone. */
function clientGone(): Error {
  const e = new Error("aborted");
  e.name = "AbortError";
  return e;
}

function tooLarge(what: string, maxBytes: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `${what} exceeds ${maxBytes} bytes`, { maxBytes });
}

/** 413 before reading, when the declared length is already over the cap. */
export function refuseDeclaredLength(req: Request, maxBytes: number, what = "The request body"): void {
  const declared = req.headers.get("content-length");
  if (declared && Number(declared) > maxBytes) throw tooLarge(what, maxBytes);
}

/** 415 unless the request says multipart/form-data with a boundary. */
export function requireMultipart(req: Request, message = "Send this request as multipart/form-data"): string {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", message, { contentType: type.split(";")[0] || null });
  }
  return type;
}

/**
 * The form's fields and files, read under `limits`. After an early answer (413, a malformed part) whatever the
 * request still sends is read and dropped, so a keep-alive connection stays usable; after the deadline or a hang-up
 * the stream is destroyed.
 */
export function readMultipart(req: Request, limits: UploadLimits): Promise<FormData> {
  const what = limits.what ?? "The request body";
  refuseDeclaredLength(req, limits.maxBytes, what);
  const type = requireMultipart(req);
  if (!req.body) return Promise.resolve(new FormData());
  const maxFileBytes = limits.maxFileBytes ?? limits.maxBytes;
  const malformed = () => malformedMultipart(limits.field);
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: { "content-type": type }, limits: { fileSize: maxFileBytes, fields: 100, files: 10 } });
    } catch {
      return reject(malformed());
    }
    const body = Readable.fromWeb(req.body as NodeReadableStream);
    const form = new FormData();
    let open = 0;
    let ended = false;
    let settled = false;
    let received = 0;
    const finish = (err: unknown, how: "drain" | "destroy" | "none") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.signal.removeEventListener("abort", onAbort);
      if (how !== "none") body.unpipe(bb);
      // busboy may still report the rest of the form (its end, a truncation) after the answer: nobody listens.
      bb.on("error", () => {});
      if (how === "drain") body.resume();
      else if (how === "destroy") body.destroy();
      if (err) reject(err);
      else resolve(form);
    };
    const done = () => {
      if (ended && open === 0) finish(undefined, "none");
    };
    const onAbort = () => finish(clientGone(), "destroy");
    const timer = setTimeout(() => {
      const deadlineSeconds = Math.round(limits.deadlineMs / 1000);
      finish(
        new ApiError("UPLOAD_TIMEOUT", `The upload did not complete within ${deadlineSeconds} s`, { deadlineSeconds }),
        "destroy",
      );
    }, limits.deadlineMs);
    if (req.signal.aborted) return onAbort();
    req.signal.addEventListener("abort", onAbort, { once: true });
    body.on("error", () => finish(clientGone(), "none"));
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) finish(tooLarge(what, limits.maxBytes), "drain");
    });
    bb.on("field", (name, value, info) => {
      if (info.nameTruncated || info.valueTruncated) return finish(malformed(), "drain");
      form.append(name, value);
    });
    bb.on("file", (name, stream, info) => {
      if (limits.files && !limits.files.includes(name)) return stream.resume();
      open++;
      // busboy hands out plain Buffers (never over a SharedArrayBuffer).
      const chunks: Buffer<ArrayBuffer>[] = [];
      stream.on("data", (chunk: Buffer<ArrayBuffer>) => chunks.push(chunk));
      stream.on("limit", () => finish(tooLarge(what, maxFileBytes), "drain"));
      stream.on("error", () => finish(malformed(), "drain"));
      stream.on("end", () => {
        open--;
        if (!stream.truncated) form.append(name, new File(chunks, info.filename ?? "", { type: info.mimeType }));
        done();
      });
    });
    bb.on("partsLimit", () => finish(malformed(), "drain"));
    bb.on("filesLimit", () => finish(malformed(), "drain"));
    bb.on("fieldsLimit", () => finish(malformed(), "drain"));
    // "Unexpected end of form" (no closing boundary), a malformed part header, …: busboy's message is not logged.
    bb.on("error", () => finish(malformed(), "drain"));
    bb.on("close", () => {
      ended = true;
      done();
    });
    body.pipe(bb);
  });
}

/** Uploads in progress on this instance, per pool and key (a platform). */
const inProgress = new Map<string, number>();

/**
 * Run `fn` holding one of the `cap` upload slots of `key` in `pool` on this instance, or 429 when all are taken. The
 * slot is given back however `fn` ends (answer, deadline, hang-up).
 */
export async function withUploadSlot<T>(pool: string, key: string, cap: number, fn: () => Promise<T>): Promise<T> {
  const slot = `${pool}:${key}`;
  const taken = inProgress.get(slot) ?? 0;
  if (taken >= cap) {
    throw new ApiError(
      "RATE_LIMITED",
      `At most ${cap} uploads in progress per platform; retry when one has finished`,
      { maxUploadsInProgress: cap },
      { "Retry-After": "5" },
    );
  }
  inProgress.set(slot, taken + 1);
  try {
    return await fn();
  } finally {
    const left = (inProgress.get(slot) ?? 1) - 1;
    if (left > 0) inProgress.set(slot, left);
    else inProgress.delete(slot);
  }
}
