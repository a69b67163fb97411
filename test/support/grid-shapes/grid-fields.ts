/**
 * Grid's field names and types, per schema and per operation, read at run time from Grid's OpenAPI document (the
 * shared reference folder, test/support/grid-reference.ts): the input of openapi-compare.ts and of
 * test/contract/account-variants-grid.test.ts. Nothing of it is written into the project.
 *
 * Only schemas reachable from ROOTS and from the operations under AREAS are kept (the areas this service implements).
 * Each schema becomes either
 *   {kind: "object", required: [...], fields: {name: Field}}   (allOf merged)
 *   {kind: "oneOf", discriminator?, variants: {value|name: SchemaName}}
 *   {kind: "enum", values: [...]} | {kind: "scalar", type}
 * where Field is {type, format?, enum?, ref?, items?} (ref names another schema; an inline object is kept as a
 * schema named `<Parent>.<field>`).
 */
import type { GridDocument } from "../grid-reference";

const ROOTS = [
  // customers
  "CustomerOneOf",
  "CustomerCreateRequestOneOf",
  "CustomerUpdateRequestOneOf",
  "CustomerListResponse",
  // config
  "PlatformConfig",
  "PlatformConfigUpdateRequest",
  // external accounts
  "ExternalAccount",
  "ExternalAccountCreateRequest",
  "PlatformExternalAccountCreateRequest",
  "ExternalAccountListResponse",
  // internal accounts
  "InternalAccount",
  "InternalAccountListResponse",
  "PlatformInternalAccountListResponse",
  // quotes, transactions, transfers, exchange rates
  "Quote",
  "QuoteRequest",
  "ExecuteQuoteRequest",
  "TransactionOneOf",
  "TransactionListResponse",
  "TransferInRequest",
  "TransferOutRequest",
  "ExchangeRateListResponse",
  // webhooks
  "TestWebhookResponse",
  // stablecoins
  "StablecoinProviderAccount",
  "StablecoinProviderAccountLinkRequest",
  "StablecoinProviderAccountListResponse",
  "Stablecoin",
  "StablecoinRegisterRequest",
  "StablecoinListResponse",
  "StablecoinMintRequest",
  "StablecoinBurnRequest",
  "StablecoinOperation",
  "StablecoinOperationListResponse",
];

/** Grid's operations under the paths of the areas this service's field comparison covers. */
const AREAS =
  /^\/(config|customers|platform|exchange-rates|quotes|transactions|transfer-in|transfer-out|webhooks|sca|verifications|beneficial-owners|documents|sandbox\/(send|internal-accounts|webhooks|uma|cards)|internal-accounts|auth\/delegated-keys|crypto|stablecoins|stablecoin-operations|stablecoin-provider-accounts|cards)(\/|$)/;

export type GridField = {
  type: string;
  format?: string;
  enum?: (string | number)[];
  ref?: string;
  items?: GridField;
  nullable?: boolean;
};
export type GridSchema =
  | { kind: "object"; required: string[]; fields: Record<string, GridField> }
  | { kind: "oneOf"; discriminator?: string; variants: Record<string, string> }
  | { kind: "enum"; values: (string | number)[] }
  | { kind: "scalar"; type: string };
type GridOperation = {
  operationId: string;
  query: Record<string, GridField & { required?: boolean }>;
  request?: string;
  responses: Record<string, string | null>;
};
export type GridFields = { operations: Record<string, GridOperation>; schemas: Record<string, GridSchema> };

type S = GridDocument;
const refName = (ref: string) => ref.replace("#/components/schemas/", "");

/** Grid's fields per schema and per operation, from its parsed OpenAPI document. */
export function extractGridFields(doc: GridDocument): GridFields {
  const components: Record<string, S> = doc.components.schemas;
  const out: Record<string, GridSchema> = {};
  const queue = [...ROOTS];

  /** Merge allOf members (refs followed) into one {properties, required}. */
  function flatten(s: S): { properties: Record<string, S>; required: string[] } {
    const properties: Record<string, S> = { ...(s.properties ?? {}) };
    const required = new Set<string>(s.required ?? []);
    for (const part of s.allOf ?? []) {
      const f = flatten(part.$ref ? components[refName(part.$ref)] : part);
      Object.assign(properties, f.properties);
      for (const r of f.required) required.add(r);
    }
    return { properties, required: [...required] };
  }

  function field(s: S, owner: string): GridField {
    if (s.$ref) {
      const name = refName(s.$ref);
      queue.push(name);
      const target = components[name];
      const type = target.enum ? "string" : (target.type ?? (target.oneOf ? "oneOf" : "object"));
      return { type, ref: name, ...(target.enum ? { enum: target.enum } : {}) };
    }
    // `allOf: [$ref]` with only a description around it (also as a second member) is the same as the ref.
    const substantive = (s.allOf ?? []).filter(
      (m: S) => m.$ref || m.type || m.properties || m.allOf || m.oneOf || m.enum || m.items,
    );
    if (s.allOf && substantive.length === 1 && !s.properties) return field(substantive[0], owner);
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const nullable = types.includes("null") || s.nullable === true;
    const type =
      types.find((t: string | undefined) => t && t !== "null") ??
      (s.oneOf ? "oneOf" : s.properties || s.allOf ? "object" : "any");
    const f: GridField = { type };
    if (s.format) f.format = s.format;
    if (s.enum) f.enum = s.enum.filter((v: unknown) => v !== null);
    if (nullable) f.nullable = true;
    if (type === "array" && s.items) f.items = field(s.items, `${owner}[]`);
    if (type === "oneOf" || (type === "object" && (s.properties || s.allOf))) {
      out[owner] = schema(s, owner);
      f.ref = owner;
    }
    return f;
  }

  function schema(s: S, name: string): GridSchema {
    if (s.oneOf) {
      const variants: Record<string, string> = {};
      const mapping: Record<string, string> = s.discriminator?.mapping ?? {};
      for (const [value, ref] of Object.entries(mapping)) {
        variants[value] = refName(ref);
        queue.push(refName(ref));
      }
      for (const m of s.oneOf) {
        if (m.$ref && !Object.values(variants).includes(refName(m.$ref))) {
          variants[refName(m.$ref)] = refName(m.$ref);
          queue.push(refName(m.$ref));
        }
      }
      return { kind: "oneOf", ...(s.discriminator ? { discriminator: s.discriminator.propertyName } : {}), variants };
    }
    if (s.enum) return { kind: "enum", values: s.enum };
    if (!s.properties && !s.allOf) return { kind: "scalar", type: String(s.type ?? "any") };
    const { properties, required } = flatten(s);
    const fields: Record<string, GridField> = {};
    for (const [k, v] of Object.entries(properties)) fields[k] = field(v, `${name}.${k}`);
    return { kind: "object", required: required.sort(), fields };
  }

  function bodySchema(content: S | undefined, name: string): string | undefined {
    const s = content?.["application/json"]?.schema;
    if (!s) return undefined;
    const f = field(s, name);
    return f.ref ?? (f.type === "array" ? `array:${f.items?.ref ?? f.items?.type}` : f.type);
  }

  const operations: Record<string, GridOperation> = {};
  for (const [p, item] of Object.entries(doc.paths as Record<string, S>)) {
    if (!AREAS.test(p)) continue;
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const op = item[method];
      if (!op) continue;
      const query: GridOperation["query"] = {};
      for (const prm of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const resolved = prm.$ref ? doc.components.parameters[prm.$ref.split("/").pop()] : prm;
        if (resolved.in === "query")
          query[resolved.name] = {
            ...field(resolved.schema ?? {}, `${op.operationId}.${resolved.name}`),
            ...(resolved.required ? { required: true } : {}),
          };
      }
      const responses: GridOperation["responses"] = {};
      for (const [status, r] of Object.entries(op.responses ?? {}) as [string, S][]) {
        const resolved = r.$ref ? doc.components.responses[r.$ref.split("/").pop()] : r;
        responses[status] = bodySchema(resolved.content, `${op.operationId}.${status}`) ?? null;
      }
      const request = bodySchema(op.requestBody?.content, `${op.operationId}.request`);
      operations[`${method.toUpperCase()} ${p}`] = {
        operationId: op.operationId,
        query,
        ...(request ? { request } : {}),
        responses,
      };
    }
  }

  for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
    if (out[name] || !components[name]) continue;
    out[name] = schema(components[name], name);
  }
  return { operations, schemas: out };
}
