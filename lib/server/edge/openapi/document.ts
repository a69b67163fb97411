import { z } from "zod";
import type { AnyOperation } from "@/lib/server/core/operation";
import type { EventDef } from "@/lib/server/core/events";
import { eventCatalogue } from "./event-catalogue";
import { pathParameterExample, requestExample } from "./examples";
import { guidesMarkdown } from "./guides";
import { operations } from "./operations";
import { permissionSentence } from "./permission-text";
import { TAG_DESCRIPTIONS } from "./tags";

const API_VERSION = "2025-10-13";
export const BASE_PATH = `/api/${API_VERSION}`;

type Json = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const out = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  delete out.$schema;
  return out;
}

function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> {
  if (!(schema instanceof z.ZodObject)) return {};
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(schema.shape)) if (field instanceof z.ZodType) shape[name] = field;
  return shape;
}

function operationObject(op: AnyOperation): Json {
  const parameters: Json[] = [];
  for (const [name, s] of Object.entries(shapeOf(op.params))) {
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: jsonSchema(s, "input"),
      example: pathParameterExample(op.path, name),
    });
  }
  for (const [name, s] of Object.entries(shapeOf(op.query))) {
    parameters.push({ name, in: "query", required: !s.safeParse(undefined).success, schema: jsonSchema(s, "input") });
  }
  for (const [name, h] of Object.entries(op.headers ?? {})) {
    parameters.push({
      name,
      in: "header",
      required: h.required ?? false,
      description: h.description,
      schema: { type: "string" },
    });
  }
  const responses: Json = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const entry: Json = { description: r.description };
    if (r.schema) entry.content = { "application/json": { schema: jsonSchema(r.schema, "output") } };
    if (r.headers) {
      entry.headers = Object.fromEntries(
        Object.entries(r.headers).map(([k, d]) => [k, { description: d, schema: { type: "string" } }]),
      );
    }
    responses[status] = entry;
  }
  const o: Json = {
    operationId: op.operationId,
    summary: op.summary,
    tags: op.tags,
    parameters,
    responses,
    security: op.auth === "platform" ? [{ BasicAuth: [] }] : op.auth === "agent" ? [{ AgentAuth: [] }] : [],
  };
  o.description = op.description ? `${op.description}\n\n${permissionSentence(op)}` : permissionSentence(op);
  o["x-required-permission"] = op.access.permission;
  o["x-changes-state"] = op.access.changesState;
  if (op.deprecated) o.deprecated = true;
  if (op.body) {
    const schema = jsonSchema(op.body, "input");
    o.requestBody = {
      required: !op.bodyOptional,
      content: {
        [op.bodyEncoding ?? "application/json"]: {
          schema,
          examples: { example: { summary: op.summary, value: requestExample(op.operationId, schema) } },
        },
      },
    };
  }
  return o;
}

/** Every tag the operations use, in the order of TAG_DESCRIPTIONS (the reference's section order), then the rest. */
function usedTags(): string[] {
  const used = new Set(operations.flatMap((op) => op.tags));
  const known = Object.keys(TAG_DESCRIPTIONS);
  return [...known.filter((t) => used.has(t)), ...[...used].filter((t) => !known.includes(t))];
}

/**
 * One webhook of the event catalogue: the signed POST the receiver gets, its body the envelope
 * {id, type, timestamp, data} with this type's data schema (protocol.md "Webhooks").
 */
function webhookObject(def: EventDef): Json {
  const envelope = z.object({
    id: z.string().describe("Webhook:<uuid>; de-duplicate on it (answer 409 to one already processed)"),
    type: z.literal(def.type),
    timestamp: z.string().describe("ISO 8601: when the event was written"),
    data: def.data,
  });
  return {
    post: {
      summary: def.description,
      tags: ["Webhooks"],
      parameters: [
        {
          name: "Service-Webhook-Signature",
          in: "header",
          required: true,
          description:
            "t=<unix seconds>,v1=<base64 DER ECDSA P-256 over `<t>.<raw body>`> (lib/sdk/webhooks.ts verifies it)",
          schema: { type: "string" },
        },
      ],
      requestBody: { required: true, content: { "application/json": { schema: jsonSchema(envelope, "output") } } },
      responses: {
        200: { description: "Received (any 2xx)" },
        409: { description: "Already processed: the service does not retry it" },
      },
    },
  };
}

let cached: Json | undefined;

/** The OpenAPI 3.1 document, generated from the operations' zod schemas. */
export function openApiDocument(): Json {
  if (cached) return cached;
  const paths: Record<string, Json> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    paths[op.path][op.method.toLowerCase()] = operationObject(op);
  }
  cached = {
    openapi: "3.1.0",
    info: {
      title: "Payments service: Embedded Wallet Auth and agents",
      version: API_VERSION,
      description:
        "Platform endpoints use HTTP Basic (client id, client secret). Agent endpoints use `Authorization: Bearer gat_…`. " +
        "Errors are `{status, code, message, details?}`; validation errors list every invalid field in `details.errors[]`. " +
        "Wire formats of wallet signatures and bundles: see [docs/protocol.md](/docs/protocol).\n\n" +
        guidesMarkdown(),
    },
    servers: [{ url: BASE_PATH }],
    tags: usedTags().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    components: {
      securitySchemes: {
        BasicAuth: { type: "http", scheme: "basic" },
        AgentAuth: { type: "http", scheme: "bearer", description: "Agent access token gat_<40 hex>" },
      },
    },
    paths,
    webhooks: Object.fromEntries([...eventCatalogue.values()].map((def) => [def.type, webhookObject(def)])),
  };
  return cached;
}
