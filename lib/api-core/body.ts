import { ApiError } from "./errors";

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Read a JSON body with a 1 MiB cap. Returns `undefined` for an empty body.
 * Malformed JSON → 400 INVALID_INPUT; over the cap → 413.
 */
export async function readJsonBody(req: Request): Promise<unknown> {
  const declared = req.headers.get("content-length");
  if (declared && Number(declared) > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return undefined;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (total === 0) return undefined;
  const text = new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ApiError("INVALID_INPUT", "The request body is not valid JSON", {
      reason: "MALFORMED_JSON",
      errors: [{ field: "(body)", message: e instanceof Error ? e.message : "Malformed JSON" }],
    });
  }
}

function tooLarge(): ApiError {
  return new ApiError("PAYLOAD_TOO_LARGE", `The request body exceeds ${MAX_BODY_BYTES} bytes`, { maxBytes: MAX_BODY_BYTES });
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
