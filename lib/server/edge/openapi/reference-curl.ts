import type { JsonSchema, ReferenceOperation } from "./reference";

/** A value in single quotes for a POSIX shell. */
const quote = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`;

/** A path with each {parameter} replaced by its example (or left as {name} for the reader to fill). */
function examplePath(op: Pick<ReferenceOperation, "path" | "parameters">): string {
  return op.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const example = op.parameters.find((p) => p.in === "path" && p.name === name)?.example;
    return example ? encodeURIComponent(example) : whole;
  });
}

/** The multipart fields a form needs: binary ones as a file, the rest by their first allowed value. */
function formFields(schema: JsonSchema): string[] {
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {})
    .filter(([name]) => required.has(name))
    .map(([name, p]) =>
      p.format === "binary"
        ? `-F ${quote(`${name}=@document.pdf`)}`
        : `-F ${quote(`${name}=${String(p.enum?.[0] ?? "")}`)}`,
    );
}

/**
 * The operation as a curl command against `origin` (the service's configured public address): the credentials as
 * shell variables, the example path and body.
 */
export function curlCommand(op: ReferenceOperation, origin: string, basePath: string): string {
  const lines = [`curl -X ${op.method} ${quote(`${origin}${basePath}${examplePath(op)}`)}`];
  if (op.auth === "BasicAuth") lines.push(`-u "$CLIENT_ID:$CLIENT_SECRET"`);
  if (op.auth === "AgentAuth") lines.push(`-H "authorization: Bearer $AGENT_TOKEN"`);
  if (op.body?.contentType === "application/json") {
    lines.push(`-H 'content-type: application/json'`);
    lines.push(`-d ${quote(JSON.stringify(op.body.example ?? {}))}`);
  } else if (op.body?.contentType === "multipart/form-data") lines.push(...formFields(op.body.schema));
  return lines.join(" \\\n  ");
}
