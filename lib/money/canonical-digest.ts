import crypto from "node:crypto";

/** SHA-256 hex of JSON with sorted keys: equal requests give equal digests whatever their member order. */
export function requestDigest(value: unknown): string {
  return crypto.createHash("sha256").update(stable(value)).digest("hex");
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(",")}]`;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable(o[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(v);
}
