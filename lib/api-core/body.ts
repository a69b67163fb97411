import { invalidInput } from "./validation";
import { ApiError } from "./errors";

const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Read a JSON body with a 1 MiB cap. Returns `undefined` for an empty body.
 * Malformed JSON → 400 INVALID_INPUT; over the cap → 413.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const bytes = await readCapped(req, MAX_BODY_BYTES);
  if (bytes === undefined) return undefined;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  if (text.trim() === "") return undefined;
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
 * A multipart/form-data body (capped like JSON, at `maxBytes`) as a plain object: text fields as
 * strings, file fields as `File`. Another content type → 415; a malformed form → 400.
 */
export async function readFormBody(req: Request, maxBytes = MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    throw new ApiError("UNSUPPORTED_MEDIA_TYPE", "Send this request as multipart/form-data", {
      contentType: type.split(";")[0] || null,
    });
  }
  const bytes = await readCapped(req, maxBytes);
  let form: FormData;
  try {
    form = await new Response(bytes ? new Uint8Array(bytes) : new Uint8Array(0), {
      headers: { "content-type": type },
    }).formData();
  } catch {
    throw invalidInput(
      [{ field: "(body)", message: "Malformed multipart/form-data" }],
      "The multipart body could not be parsed",
    );
  }
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
