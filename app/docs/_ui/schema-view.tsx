import type { JsonSchema } from "@/lib/server/edge/openapi/reference";
import { type Shapes, sharedShape } from "@/lib/server/edge/openapi/reference-shapes";

/** A schema without its `null` alternative, and whether it had one (zod writes `.nullable()` as anyOf [X, null]). */
function unwrapNullable(s: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const alts = s.anyOf;
  if (!alts?.some((a) => a.type === "null")) return { schema: s, nullable: false };
  const rest = alts.filter((a) => a.type !== "null");
  const [only] = rest;
  // The alternative itself where nothing is added to it, so that a shared shape is still recognised by identity.
  const inner =
    rest.length === 1 && only
      ? s.description === undefined || s.description === only.description
        ? only
        : { ...only, description: s.description }
      : { ...s, anyOf: rest };
  return { schema: inner, nullable: true };
}

/** A short name of a schema's type: "string (date-time)", "array of object", "one of 3". */
function typeLabel(s: JsonSchema): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  const variants = s.oneOf ?? s.anyOf;
  if (variants) return `one of ${variants.length}`;
  if (s.type === "array") return `array of ${s.items ? typeLabel(unwrapNullable(s.items).schema) : "any"}`;
  const type = Array.isArray(s.type) ? s.type.join(" | ") : (s.type ?? (s.properties ? "object" : "any"));
  return s.format ? `${type} (${s.format})` : type;
}

/** Constraints worth a reader's eye; a pattern only when no format says the same more briefly. */
function constraints(s: JsonSchema): string[] {
  const out: string[] = [];
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined && s.maximum < Number.MAX_SAFE_INTEGER) out.push(`≤ ${s.maximum}`);
  if (s.minLength !== undefined && s.minLength > 0)
    out.push(`at least ${s.minLength} ${s.minLength === 1 ? "character" : "characters"}`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minItems !== undefined && s.minItems > 0) out.push(`at least ${s.minItems} items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern && !s.format && s.pattern.length <= 60) out.push(`pattern ${s.pattern}`);
  return out;
}

/** What tells one alternative of a oneOf from the others: its constant field (accountType = "USD_ACCOUNT"). */
function variantName(s: JsonSchema, i: number): string {
  for (const [name, p] of Object.entries(s.properties ?? {}))
    if (p.const !== undefined && (s.required ?? []).includes(name)) return `${name} = ${JSON.stringify(p.const)}`;
  return typeof s.title === "string" ? s.title : `Option ${i + 1}: ${typeLabel(s)}`;
}

/** The schema inside an array or a nullable wrapper that has fields or alternatives of its own, if any. */
function nested(s: JsonSchema): JsonSchema | undefined {
  const inner = s.type === "array" && s.items ? unwrapNullable(s.items).schema : s;
  return inner.properties || inner.oneOf || inner.anyOf ? inner : undefined;
}

const DEPTH_LIMIT = 10;

function Field({
  name,
  schema,
  required,
  depth,
  shapes,
}: {
  name: string;
  schema: JsonSchema;
  required: boolean;
  depth: number;
  shapes?: Shapes;
}) {
  const { schema: s, nullable } = unwrapNullable(schema);
  const inner = nested(s);
  const shared = inner && sharedShape(shapes, inner);
  const limits = constraints(s);
  const values = s.enum ?? (s.type === "array" ? s.items?.enum : undefined);
  return (
    <li className="f">
      <div>
        <code className="f-name">{name}</code> <span className="f-note">{typeLabel(s)}</span>
        {required && <span className="f-req"> required</span>}
        {nullable && <span className="f-note"> nullable</span>}
      </div>
      {s.description && <p className="f-desc">{s.description}</p>}
      {limits.length > 0 && <p className="f-note">{limits.join(" · ")}</p>}
      {values && (
        <p className="f-note">
          One of: <code>{values.map(String).join(", ")}</code>
        </p>
      )}
      {shared ? (
        <p className="f-note">
          {inner.properties ? "Fields" : "Forms"}: <a href={`#${shared.id}`}>{shared.name}</a>
        </p>
      ) : (
        inner &&
        depth < DEPTH_LIMIT && (
          <details>
            <summary>{inner.properties ? `Fields of ${name}` : `Forms of ${name}`}</summary>
            <div className="f-nest">
              <SchemaView schema={inner} depth={depth + 1} shapes={shapes} />
            </div>
          </details>
        )
      )}
    </li>
  );
}

/** A schema as a reader meets it: its fields (each with type, whether required, description, limits), nested fields folded. */
export function SchemaView({ schema, depth = 0, shapes }: { schema: JsonSchema; depth?: number; shapes?: Shapes }) {
  const { schema: s } = unwrapNullable(schema);
  const variants = s.oneOf ?? s.anyOf;
  if (variants)
    return (
      <ul>
        {variants.map((v, i) => (
          <li key={variantName(v, i)}>
            <details open={variants.length === 1}>
              <summary>{variantName(v, i)}</summary>
              <div className="f-nest">
                <SchemaView schema={v} depth={depth + 1} shapes={shapes} />
              </div>
            </details>
          </li>
        ))}
      </ul>
    );
  if (s.type === "array" && s.items) {
    const inner = nested(s);
    const shared = inner && sharedShape(shapes, inner);
    if (!inner) return <p className="f-desc">{typeLabel(s)}</p>;
    return (
      <div>
        <p className="f-desc">
          An array; each item{shared ? ": " : ":"}
          {shared && <a href={`#${shared.id}`}>{shared.name}</a>}
        </p>
        {!shared && <SchemaView schema={inner} depth={depth + 1} shapes={shapes} />}
      </div>
    );
  }
  const props = Object.entries(s.properties ?? {});
  if (props.length === 0) return <p className="f-desc">{s.description ?? typeLabel(s)}</p>;
  const required = new Set(s.required ?? []);
  return (
    <ul>
      {props.map(([name, p]) => (
        <Field key={name} name={name} schema={p} required={required.has(name)} depth={depth} shapes={shapes} />
      ))}
    </ul>
  );
}

/** The page's shared shapes, each once, where the links in its fields lead. */
export function SharedShapes({ shapes }: { shapes: Shapes }) {
  if (shapes.size === 0) return null;
  return (
    <section aria-labelledby="shapes-title" className="border-t border-slate-200 py-8 dark:border-slate-800">
      <h2 id="shapes-title" className="text-xl font-semibold">
        Shapes used on this page
      </h2>
      {[...shapes.values()].map((shape) => (
        <section key={shape.id} id={shape.id} aria-labelledby={`${shape.id}-title`} className="scroll-mt-16 mt-6">
          <h3 id={`${shape.id}-title`} className="font-mono text-base font-semibold">
            {shape.name}
          </h3>
          <SchemaView schema={shape.schema} shapes={shapes} />
        </section>
      ))}
    </section>
  );
}
