/**
 * Grid's documentation as a test corpus: the `curl` examples of Grid's documentation pages and the
 * named request examples of its OpenAPI document, read at run time from the shared reference folder
 * (test/support/grid-reference.ts) and turned into requests test/integration/edge/grid-docs-corpus.test.ts sends to this
 * service. Nothing of Grid's documents is copied into the project.
 */
import fs from "node:fs";
import path from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import type { GridDocument } from "./grid-reference";

export interface DocExample {
  /** Stable name: `<page>:<line>` for a curl example, `openapi <METHOD> <path> <name>` for a named example. */
  id: string;
  method: string;
  /** Path under the API's base, query included, as the example writes it (placeholders unresolved). */
  path: string;
  headers: Record<string, string>;
  /** JSON (or form) body as written, if any. */
  body?: string;
  /** `-F name=value` fields of a multipart body (`@file` values name a file). */
  form?: [string, string][];
  /** Why the example cannot be turned into a request at all (a fragment, another host, a body read from a file). */
  unparsable?: string;
}

/** How Grid's pages write the API's base URL. */
const BASES = [
  "https://api.lightspark.com/grid/2025-10-13",
  "$GRID_BASE_URL",
  "$GRID_API_URL",
  "$BASE_URL",
  "{base_url}",
  "https://api.lightspark.com/grid/v1",
];

/** Split one shell command (from `start`) into words: quotes, escapes and line continuations as a shell reads them. */
function shellWords(src: string, start: number): string[] {
  const words: string[] = [];
  let cur: string | undefined;
  const push = () => {
    if (cur !== undefined) words.push(cur);
    cur = undefined;
  };
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\" && src[i + 1] === "\n") {
      i += 2;
      continue;
    }
    if (c === "\n" || c === ";" || c === "|" || (c === "&" && src[i + 1] === "&") || c === ")") break;
    if (c === " " || c === "\t") {
      push();
      i++;
      continue;
    }
    if (c === "#" && cur === undefined) break;
    if (c === "'") {
      const j = src.indexOf("'", i + 1);
      if (j < 0) break;
      cur = (cur ?? "") + src.slice(i + 1, j);
      i = j + 1;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = "";
      while (j < src.length && src[j] !== '"') {
        if (src[j] === "\\" && '"\\$`\n'.includes(src[j + 1])) {
          if (src[j + 1] !== "\n") s += src[j + 1];
          j += 2;
        } else s += src[j++];
      }
      cur = (cur ?? "") + s;
      i = j + 1;
      continue;
    }
    if (c === "\\") {
      cur = (cur ?? "") + (src[i + 1] ?? "");
      i += 2;
      continue;
    }
    cur = (cur ?? "") + c;
    i++;
  }
  push();
  return words;
}

/** The request a `curl` command line makes. */
function curlRequest(words: string[]): Omit<DocExample, "id"> {
  let method: string | undefined;
  let url: string | undefined;
  let getWithData = false;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  const urlencoded: string[] = [];
  const form: [string, string][] = [];
  for (let k = 1; k < words.length; k++) {
    const w = words[k];
    const next = () => words[++k] ?? "";
    if (w === "-X" || w === "--request") method = next().toUpperCase();
    else if (w === "-H" || w === "--header") {
      const h = next();
      const colon = h.indexOf(":");
      if (colon > 0) headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
    } else if (w === "-d" || w === "--data" || w === "--data-raw" || w === "--data-binary") data.push(next());
    else if (w === "--data-urlencode") urlencoded.push(next());
    else if (w === "-F" || w === "--form") {
      const f = next();
      const eq = f.indexOf("=");
      form.push([f.slice(0, eq), f.slice(eq + 1)]);
    } else if (w === "-G" || w === "--get") getWithData = true;
    else if (w === "-u" || w === "--user" || w === "-o" || w === "-w" || w === "--max-time") next();
    else if (w === "--url") url = next();
    else if (w.startsWith("-")) continue;
    else url ??= w;
  }
  const body = data.length > 0 ? data.join("&") : undefined;
  method ??= getWithData ? "GET" : body !== undefined || form.length > 0 ? "POST" : "GET";
  // `${NAME}` and `$NAME` are the same shell variable.
  url = url?.replace(/\$\{(\w+)\}/g, "$$$1");
  const base = BASES.find((b) => url?.startsWith(b));
  let p = base && url ? url.slice(base.length) : undefined;
  if (p !== undefined && getWithData && (urlencoded.length > 0 || body)) {
    const q = [...urlencoded, ...(body ? [body] : [])].join("&");
    p += (p.includes("?") ? "&" : "?") + q;
  }
  const out: Omit<DocExample, "id"> = { method, path: p ?? url ?? "", headers };
  if (!getWithData && body !== undefined) out.body = body;
  if (form.length > 0) out.form = form;
  if (!url) out.unparsable = "no URL: a fragment of a command";
  else if (p === undefined) out.unparsable = `not Grid's API (${url.slice(0, 60)})`;
  else if (!p.startsWith("/")) out.unparsable = "the URL's path is elided";
  else if (body?.startsWith("@")) out.unparsable = "the body is read from a file the page does not give";
  return out;
}

/** Every `curl` command in the code blocks of Grid's documentation pages, named `<page>:<line>`. */
export function curlExamples(docsDir: string): DocExample[] {
  const out: DocExample[] = [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".mdx") || e.name.endsWith(".md")) files.push(p);
    }
  };
  walk(docsDir);
  files.sort();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const rel = path.relative(docsDir, file);
    for (const block of text.matchAll(/^([ \t]*)```[^\n]*\n([\s\S]*?)^[ \t]*```/gm)) {
      const code = block[2];
      const codeStart = (block.index ?? 0) + block[0].indexOf("\n") + 1;
      for (const m of code.matchAll(/(^|\n|\$\(|&&|;|\|)[ \t]*(?:\$ )?curl\s/g)) {
        const at = (m.index ?? 0) + m[0].lastIndexOf("curl");
        const line = text.slice(0, codeStart + at).split("\n").length;
        const words = shellWords(code, at);
        out.push({ id: `${rel}:${line}`, ...curlRequest(words) });
      }
    }
  }
  return out;
}

/** The named request examples of Grid's OpenAPI document (`requestBody.content.*.examples`). */
export function openApiExamples(doc: GridDocument): DocExample[] {
  const out: DocExample[] = [];
  for (const [p, item] of Object.entries<GridDocument>(doc.paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      for (const [type, media] of Object.entries<GridDocument>(op?.requestBody?.content ?? {})) {
        for (const [name, ex] of Object.entries<GridDocument>(media.examples ?? {})) {
          const value = ex.$ref ? doc.components.examples[ex.$ref.split("/").pop()].value : ex.value;
          out.push({
            id: `openapi ${method.toUpperCase()} ${p} ${name}`,
            method: method.toUpperCase(),
            path: p,
            headers: { "content-type": type },
            body: JSON.stringify(value),
          });
        }
      }
    }
  }
  return out;
}

/**
 * Grid's documented answer for a request: validates a status and body against the response schema Grid's OpenAPI
 * document gives that operation and status (ajv, JSON Schema 2020-12 as OpenAPI 3.1 uses it). A discriminated `oneOf`
 * is checked as Grid's clients decode it: the discriminator's value picks the variant its mapping names.
 */
export function gridResponseChecker(doc: GridDocument) {
  const schemaDoc = discriminatorsAsConditions(structuredClone(doc));
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ ...schemaDoc, $id: "grid.json" });
  const templates = Object.keys(doc.paths)
    .map((t) => ({
      template: t,
      re: new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+")}$`),
      params: (t.match(/\{/g) ?? []).length,
    }))
    .sort((a, b) => a.params - b.params);
  const compiled = new Map<string, ValidateFunction>();
  const pointer = (parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

  return {
    /** Grid's path template for a concrete path (query ignored), if Grid has the operation. */
    template(method: string, concretePath: string): string | undefined {
      const p = decodeURIComponent(concretePath.split("?")[0]);
      return templates.find((t) => t.re.test(p) && doc.paths[t.template][method.toLowerCase()])?.template;
    },
    /** Every way the answer differs from what Grid documents (empty: it parses). */
    check(method: string, concretePath: string, status: number, body: unknown): string[] {
      const template = this.template(method, concretePath);
      if (!template) return [`Grid has no ${method} ${concretePath.split("?")[0]}`];
      const responses = doc.paths[template][method.toLowerCase()].responses ?? {};
      const response = responses[String(status)] ?? responses[`${String(status)[0]}XX`];
      if (!response) return [`status ${status}: Grid documents ${Object.keys(responses).join(", ")}`];
      const resolved = response.$ref ? doc.components.responses[response.$ref.split("/").pop()] : response;
      if (!resolved.content?.["application/json"]?.schema) return [];
      const key = `${template} ${method} ${status}`;
      let validate = compiled.get(key);
      if (!validate) {
        const at = response.$ref
          ? `#/components/responses/${pointer([response.$ref.split("/").pop()])}`
          : `#/paths/${pointer([template])}/${method.toLowerCase()}/responses/${status}`;
        validate = ajv.compile({ $ref: `grid.json${at}/content/application~1json/schema` });
        compiled.set(key, validate);
      }
      if (validate(body)) return [];
      return (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message}`);
    },
  };
}

/** `oneOf` + `discriminator.mapping` → the discriminator's value required and the variant it maps to applied. */
function discriminatorsAsConditions(node: unknown): GridDocument {
  if (Array.isArray(node)) {
    for (const n of node) discriminatorsAsConditions(n);
    return node as unknown as GridDocument;
  }
  if (!node || typeof node !== "object") return node as GridDocument;
  const o = node as GridDocument;
  for (const v of Object.values(o)) discriminatorsAsConditions(v);
  const mapping = o.discriminator?.mapping as Record<string, string> | undefined;
  if (o.oneOf && mapping) {
    const prop: string = o.discriminator.propertyName;
    const values = Object.keys(mapping);
    delete o.oneOf;
    delete o.discriminator;
    o.required = [...new Set([...(o.required ?? []), prop])];
    o.properties = { ...(o.properties ?? {}), [prop]: { enum: values } };
    o.allOf = [
      ...(o.allOf ?? []),
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword (if/then), not a thenable
      ...values.map((v) => ({ if: { properties: { [prop]: { const: v } } }, then: { $ref: mapping[v] } })),
    ];
  } else if (o.oneOf && o.discriminator) {
    // No mapping: the variants' own discriminator constants decide; accept the one that matches.
    o.anyOf = o.oneOf;
    delete o.oneOf;
    delete o.discriminator;
  }
  return o;
}
