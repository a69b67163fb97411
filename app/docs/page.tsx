import { openApiDocument } from "@/lib/openapi/document";
import { TryIt } from "./try-it";

export const metadata = { title: "API reference" };

type Json = Record<string, any>;

export default function DocsPage() {
  const doc = openApiDocument() as Json;
  const base = doc.servers[0].url as string;
  const byTag = new Map<string, { method: string; path: string; op: Json }[]>();
  for (const [path, item] of Object.entries(doc.paths as Json)) {
    for (const [method, op] of Object.entries(item as Json)) {
      const tag = (op as Json).tags?.[0] ?? "Other";
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push({ method: method.toUpperCase(), path, op: op as Json });
    }
  }
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-2xl font-semibold">{doc.info.title}</h1>
      <p className="mt-1 text-sm text-slate-600">
        Version {doc.info.version}. Base address <code>{base}</code>. Machine-readable:{" "}
        <a className="text-blue-700 underline" href={`${base}/openapi.json`}>
          openapi.json
        </a>
        .
      </p>
      <p className="mt-2 text-sm text-slate-700">{doc.info.description}</p>
      <nav aria-label="Areas" className="mt-4 flex flex-wrap gap-2">
        {[...byTag.keys()].map((t) => (
          <a key={t} href={`#${slug(t)}`} className="rounded bg-slate-200 px-2 py-1 text-sm">
            {t}
          </a>
        ))}
      </nav>
      {[...byTag.entries()].map(([tag, ops]) => (
        <section key={tag} id={slug(tag)} className="mt-8">
          <h2 className="text-xl font-semibold">{tag}</h2>
          {ops.map(({ method, path, op }) => (
            <details key={method + path} className="mt-3 rounded border border-slate-300 bg-white p-3">
              <summary className="cursor-pointer">
                <span className="mr-2 inline-block w-16 font-mono font-bold">{method}</span>
                <code>{path}</code> <span className="text-slate-600">— {op.summary}</span>
              </summary>
              {op.description ? <p className="mt-2 text-sm">{op.description}</p> : null}
              <p className="mt-2 text-xs text-slate-600">
                operationId <code>{op.operationId}</code>; auth{" "}
                {op.security.length ? Object.keys(op.security[0]).join(", ") : "none"}
              </p>
              {op.requestBody ? (
                <>
                  {Object.entries(op.requestBody.content as Json).map(([mediaType, media]) => (
                    <div key={mediaType}>
                      <h3 className="mt-2 text-sm font-semibold">{`Request body (${mediaType})`}</h3>
                      <pre className="mt-1 max-h-72 overflow-auto rounded bg-slate-100 p-2 text-xs">
                        {JSON.stringify((media as Json).schema, null, 2)}
                      </pre>
                    </div>
                  ))}
                </>
              ) : null}
              <h3 className="mt-2 text-sm font-semibold">Responses</h3>
              <ul className="text-sm">
                {Object.entries(op.responses as Json).map(([status, r]) => (
                  <li key={status}>
                    <code>{status}</code> {(r as Json).description}
                  </li>
                ))}
              </ul>
              <TryIt
                base={base}
                method={method}
                path={path}
                hasBody={Boolean(op.requestBody?.content["application/json"])}
                pathParams={(op.parameters as Json[]).filter((p) => p.in === "path").map((p) => p.name as string)}
              />
            </details>
          ))}
        </section>
      ))}
    </main>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
