import type { ReferenceOperation } from "@/lib/server/edge/openapi/reference";
import { curlCommand } from "@/lib/server/edge/openapi/reference-curl";
import { Markdown } from "./markdown";
import { MethodBadge } from "./method-badge";
import { SchemaView } from "./schema-view";
import type { Shapes } from "@/lib/server/edge/openapi/reference-shapes";
import { TryIt, type TryItProps } from "./try-it";

const AUTH_TEXT = {
  BasicAuth: "HTTP Basic with the platform's client id and secret, or an API token's.",
  AgentAuth: "An agent's access token: Authorization: Bearer gat_….",
} as const;

/** What the try-it form needs of an operation, small enough to travel to the browser. */
function tryItProps(op: ReferenceOperation, basePath: string): TryItProps {
  const body = op.body;
  return {
    method: op.method,
    path: op.path,
    basePath,
    auth: op.auth,
    parameters: op.parameters.map(({ name, in: where, required, description, example }) => ({
      name,
      in: where,
      required,
      description,
      example,
    })),
    body: !body
      ? undefined
      : body.contentType === "application/json"
        ? { contentType: body.contentType, example: JSON.stringify(body.example ?? {}, null, 2) }
        : {
            contentType: body.contentType,
            fields: Object.entries(body.schema.properties ?? {}).map(([name, p]) => ({
              name,
              binary: p.format === "binary",
              required: (body.schema.required ?? []).includes(name),
              options: p.enum?.map(String),
            })),
          },
  };
}

const h3 = "mt-5 mb-1 text-sm font-semibold tracking-wide text-slate-700 uppercase dark:text-slate-300";

/** One operation: what it does, who may call it, its parameters, body and answers, a curl line and its try-it form. */
export function OperationSection({
  op,
  basePath,
  origin,
  shapes,
}: {
  op: ReferenceOperation;
  basePath: string;
  origin: string;
  shapes: Shapes;
}) {
  const success = op.responses.filter((r) => r.status.startsWith("2"));
  const failures = op.responses.filter((r) => !r.status.startsWith("2"));
  return (
    <section
      id={op.operationId}
      aria-labelledby={`${op.operationId}-title`}
      className="scroll-mt-16 border-t border-slate-200 py-8 dark:border-slate-800"
    >
      <h2 id={`${op.operationId}-title`} className="text-xl font-semibold">
        {op.summary}
        {op.deprecated && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            deprecated
          </span>
        )}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        <MethodBadge method={op.method} />
        <code className="font-mono text-sm break-all">
          {basePath}
          {op.path}
        </code>
      </p>
      <Markdown source={op.description} className="mt-3 text-sm" />
      <p className="mt-3 text-sm">
        <span className="font-semibold">Authentication: </span>
        {op.auth ? AUTH_TEXT[op.auth] : "none."}
      </p>
      {op.parameters.length > 0 && (
        <>
          <h3 className={h3}>Parameters</h3>
          <ul>
            {op.parameters.map((p) => (
              <li key={`${p.in}:${p.name}`} className="border-t border-slate-200 py-2 dark:border-slate-800">
                <code className="font-mono text-sm font-semibold">{p.name}</code>{" "}
                <span className="text-xs text-slate-700 dark:text-slate-300">in {p.in}</span>{" "}
                {p.required && <span className="text-xs font-semibold text-red-800 dark:text-red-300">required</span>}
                {(p.description ?? p.schema.description) && (
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {p.description ?? p.schema.description}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {op.body && (
        <>
          <h3 className={h3}>Request body ({op.body.contentType})</h3>
          <SchemaView schema={op.body.schema} shapes={shapes} />
        </>
      )}
      <h3 className={h3}>Responses</h3>
      <ul>
        {success.map((r) => (
          <li key={r.status} className="border-t border-slate-200 py-2 dark:border-slate-800">
            <span className="font-mono text-sm font-semibold">{r.status}</span>{" "}
            <span className="text-sm">{r.description}</span>
            {r.schema && (
              <details className="mt-1">
                <summary>Fields of the {r.status} answer</summary>
                <div className="f-nest">
                  <SchemaView schema={r.schema} shapes={shapes} />
                </div>
              </details>
            )}
          </li>
        ))}
        {failures.length > 0 && (
          <li className="border-t border-slate-200 py-2 text-sm dark:border-slate-800">
            <span className="font-semibold">Errors</span> (the error object, see the introduction):{" "}
            {failures.map((r, i) => (
              <span key={r.status}>
                {i > 0 && "; "}
                <span className="font-mono font-semibold">{r.status}</span> {r.description}
              </span>
            ))}
          </li>
        )}
      </ul>
      <h3 className={h3}>Example</h3>
      <pre className="code">{curlCommand(op, origin, basePath)}</pre>
      <div className="mt-3">
        <TryIt {...tryItProps(op, basePath)} />
      </div>
    </section>
  );
}
