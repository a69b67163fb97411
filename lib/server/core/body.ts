import { invalidInput } from "./validation";
import { env } from "@/lib/shared/config/env";
import { ApiError } from "./errors";
import { readMultipart, refuseDeclaredLength, requireMultipart, withUploadSlot } from "./multipart";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The deepest nesting of arrays and objects a JSON body may have. Grid's deepest bodies (an external account's
 * beneficiary address inside its account info, a config's OpenID issuers) are under 8 levels; the validators,
 * canonical JSON and the schemas walk a value recursively, so an unbounded depth (5,000 levels) would overflow the
 * stack and answer 500. Checked on the text, before JSON.parse builds anything.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Read a JSON body with a 1 MiB cap. Returns `undefined` for an empty body.
 * Malformed JSON → 400 INVALID_INPUT; nested deeper than MAX_JSON_DEPTH → 400 INVALID_INPUT naming the limit;
 * over the cap → 413.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const bytes = await readCapped(req, MAX_BODY_BYTES);
  if (bytes === undefined) return undefined;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.trim() === "") return undefined;
  if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
    throw invalidInput(
      [{ field: "(body)", message: `Arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep` }],
      `The request body is nested deeper than ${MAX_JSON_DEPTH} levels`,
      { reason: "NESTING_TOO_DEEP", maxDepth: MAX_JSON_DEPTH },
    );
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw invalidInput(
      [{ field: "(body)", message: e instanceof Error ? e.message : "Malformed JSON" }],
      "The request body is not valid JSON",
      { reason: "MALFORMED_JSON" },
    );
  }
}

/**
 * The nesting depth of a JSON text's arrays and objects (brackets inside strings do not count), scanning no further
 * than one level past `stopAbove`. Malformed text gets some number; JSON.parse refuses it afterwards.
 */
function jsonDepth(text: string, stopAbove: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > stopAbove) return max;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/** The body's bytes, refusing (413) more than `maxBytes` whether declared or streamed; undefined when empty. */
async function readCapped(req: Request, maxBytes: number): Promise<Buffer | undefined> {
  const declared = req.headers.get("content-length");
  if (declared && Number(declared) > maxBytes) throw tooLarge(maxBytes);
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return total === 0 ? undefined : Buffer.concat(chunks);
}

/**
 * A multipart/form-data body as a plain object: text fields as strings, file fields as `File`. Streamed
 * (lib/server/core/multipart.ts) under `maxBytes` (413, at once when Content-Length announces more), UPLOAD_SECONDS
 * (408) and, for a platform's request, UPLOADS_PER_PLATFORM uploads in progress (429). Another content type → 415;
 * a malformed or truncated form → 400. The edge calls it after authentication, so a stranger's body is never read.
 */
export async function readFormBody(
  req: Request,
  maxBytes = MAX_BODY_BYTES,
  platformId?: string,
): Promise<Record<string, unknown>> {
  const { UPLOAD_SECONDS, UPLOADS_PER_PLATFORM } = env();
  refuseDeclaredLength(req, maxBytes);
  requireMultipart(req);
  const read = () => readMultipart(req, { maxBytes, deadlineMs: UPLOAD_SECONDS * 1000 });
  const form = platformId ? await withUploadSlot("form", platformId, UPLOADS_PER_PLATFORM, read) : await read();
  const out: Record<string, unknown> = {};
  for (const [k, v] of form) out[k] = v;
  return out;
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds ${maxBytes} bytes`, { maxBytes });
}

/** URLSearchParams → plain object (a repeated key becomes an array). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of url.searchParams) {
    const prev = out[k];
    if (prev === undefined) out[k] = v;
    else out[k] = Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
