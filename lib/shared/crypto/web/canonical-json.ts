import { sha256Hex } from "./encoding";

/**
 * Canonical JSON for `payloadToSign` and request-body digests (protocol.md "payloadToSign",
 * "Signed retry" step 7): object keys sorted (UTF-16 code-unit order) at every depth, no
 * whitespace, strings and numbers exactly as JSON.stringify writes them, `undefined` members
 * dropped (and `undefined` array items written as null, as JSON.stringify does).
 */
export function canonicalJson(value: unknown): string {
  const out = serialize(value);
  if (out === undefined) throw new Error(`canonicalJson: expected a JSON value, received ${typeof value}`);
  return out;
}

/** Lowercase hex SHA-256 of the UTF-8 bytes of canonicalJson(value). */
export function canonicalDigest(value: unknown): string {
  return sha256Hex(canonicalJson(value));
}

function serialize(value: unknown): string | undefined {
  if (value !== null && typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function") {
    value = (value as { toJSON: () => unknown }).toJSON();
  }
  if (value === null) return "null";
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return JSON.stringify(value);
    case "bigint":
      throw new Error("canonicalJson: BigInt is not representable in JSON");
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => serialize(item) ?? "null").join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const members: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const member = serialize(record[key]);
    if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
  }
  return `{${members.join(",")}}`;
}
