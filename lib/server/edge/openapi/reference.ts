import { BASE_PATH, openApiDocument } from "./document";

/**
 * The API reference's view of the OpenAPI document (app/docs): its sections (one per tag, in the document's order),
 * each operation with what a reader and the try-it form need, the webhook events, and the search index. Read from
 * the served document itself, so the reference shows exactly what /openapi.json says.
 */

/** A JSON Schema node as z.toJSONSchema writes it (draft 2020-12), read loosely. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  [key: string]: unknown;
}

export type AuthScheme = "BasicAuth" | "AgentAuth";

export interface ReferenceParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: string;
}

export interface ReferenceOperation {
  operationId: string;
  method: string;
  /** The path under the API's base, e.g. /agents/me. */
  path: string;
  summary: string;
  description: string;
  tag: string;
  /** The operation's page and anchor: /docs/<tag slug>#<operationId>. */
  href: string;
  deprecated: boolean;
  auth: AuthScheme | null;
  permission?: string;
  parameters: ReferenceParameter[];
  body?: { contentType: string; required: boolean; schema: JsonSchema; example?: unknown };
  responses: { status: string; description: string; schema?: JsonSchema }[];
}

export interface ReferenceSection {
  name: string;
  slug: string;
  description: string;
  operations: ReferenceOperation[];
}

export interface ReferenceEvent {
  type: string;
  summary: string;
  description: string;
  schema?: JsonSchema;
}

export interface SearchEntry {
  href: string;
  method: string;
  path: string;
  summary: string;
  section: string;
}

/** The part of an OpenAPI operation object the reference reads. */
interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: Record<string, unknown>[];
  "x-required-permission"?: string;
  parameters?: (Omit<ReferenceParameter, "example"> & { example?: unknown })[];
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: JsonSchema; examples?: Record<string, { value?: unknown }> }>;
  };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
}

type Document = {
  info: { title: string; version: string; description: string };
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  webhooks: Record<string, Record<string, OperationObject>>;
};

const METHODS = ["get", "post", "put", "patch", "delete"];

/** A name as a page or anchor name, its words lowercased and hyphen-joined: "KYC/KYB Verifications" → "kyc-kyb-verifications". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function referenceOperation(method: string, path: string, op: OperationObject): ReferenceOperation {
  const tag = op.tags?.[0] ?? "Other";
  const [scheme] = Object.keys(op.security?.[0] ?? {});
  const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    summary: op.summary ?? op.operationId,
    description: op.description ?? "",
    tag,
    href: `/docs/${slugOf(tag)}#${op.operationId}`,
    deprecated: op.deprecated === true,
    auth: scheme === "BasicAuth" || scheme === "AgentAuth" ? scheme : null,
    permission: op["x-required-permission"],
    parameters: (op.parameters ?? []).map((p) => ({
      ...p,
      example: p.example === undefined ? undefined : String(p.example),
    })),
    body:
      contentType && media?.schema
        ? {
            contentType,
            required: op.requestBody?.required === true,
            schema: media.schema,
            example: Object.values(media.examples ?? {})[0]?.value,
          }
        : undefined,
    responses: Object.entries(op.responses ?? {}).map(([status, r]) => ({
      status,
      description: r.description ?? "",
      schema: Object.values(r.content ?? {})[0]?.schema,
    })),
  };
}

let cached: { doc: Document; sections: ReferenceSection[] } | undefined;

function model() {
  if (cached) return cached;
  // The document is generated from the same operations (document.ts): its shape is this type by construction.
  const doc = openApiDocument() as Document;
  const byTag = new Map<string, ReferenceOperation[]>(doc.tags.map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths))
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const ref = referenceOperation(method, path, op);
      const list = byTag.get(ref.tag) ?? [];
      list.push(ref);
      byTag.set(ref.tag, list);
    }
  const descriptions = new Map(doc.tags.map((t) => [t.name, t.description ?? ""]));
  const sections = [...byTag].map(([name, operations]) => ({
    name,
    slug: slugOf(name),
    description: descriptions.get(name) ?? "",
    operations,
  }));
  cached = { doc, sections };
  return cached;
}

/** The reference's title, version, and its introduction (Markdown: the overview and the guides). */
export function referenceIntroduction(): { title: string; version: string; markdown: string; basePath: string } {
  const { info } = model().doc;
  return { title: info.title, version: info.version, markdown: info.description, basePath: BASE_PATH };
}

export function referenceSections(): ReferenceSection[] {
  return model().sections;
}

export function referenceSection(slug: string): ReferenceSection | undefined {
  return model().sections.find((s) => s.slug === slug);
}

/** The webhook events, each with the payload a receiver is sent. */
export function referenceEvents(): ReferenceEvent[] {
  return Object.entries(model().doc.webhooks).map(([type, item]) => {
    const op = item.post ?? Object.values(item)[0];
    return {
      type,
      summary: op?.summary ?? type,
      description: op?.description ?? "",
      schema: Object.values(op?.requestBody?.content ?? {})[0]?.schema,
    };
  });
}

let entries: SearchEntry[] | undefined;

/** What the search box looks through: every operation by its summary, method, path and section. */
export function searchEntries(): SearchEntry[] {
  entries ??= model().sections.flatMap((s) =>
    s.operations.map((o) => ({ href: o.href, method: o.method, path: o.path, summary: o.summary, section: s.name })),
  );
  return entries;
}
