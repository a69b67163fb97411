"use client";

import { useState } from "react";

/** A small request form: the reference page is interactive without third-party scripts. */
export function TryIt(props: { base: string; method: string; path: string; hasBody: boolean; pathParams: string[] }) {
  const [creds, setCreds] = useState({ id: "", secret: "" });
  const [params, setParams] = useState<Record<string, string>>({});
  const [query, setQuery] = useState("");
  const [body, setBody] = useState(props.hasBody ? "{}" : "");
  const [result, setResult] = useState<string | null>(null);

  async function send() {
    let p = props.path;
    for (const name of props.pathParams) p = p.replace(`{${name}}`, encodeURIComponent(params[name] ?? ""));
    const headers: Record<string, string> = {};
    if (creds.id) headers.authorization = `Basic ${btoa(`${creds.id}:${creds.secret}`)}`;
    if (props.hasBody) headers["content-type"] = "application/json";
    const res = await fetch(`${props.base}${p}${query ? `?${query}` : ""}`, {
      method: props.method,
      headers,
      body: props.hasBody ? body : undefined,
    });
    const text = await res.text();
    let pretty = text;
    try {
      pretty = JSON.stringify(JSON.parse(text), null, 2);
    } catch {}
    setResult(`${res.status}\n${pretty}`);
  }

  const field = "mt-1 w-full rounded border border-slate-400 px-2 py-1 text-sm";
  return (
    <div className="mt-3 rounded bg-slate-50 p-2">
      <h3 className="text-sm font-semibold">Try it</h3>
      <div className="grid grid-cols-2 gap-2">
        <label className="text-xs">
          Client id
          <input className={field} value={creds.id} onChange={(e) => setCreds({ ...creds, id: e.target.value })} />
        </label>
        <label className="text-xs">
          Client secret
          <input className={field} type="password" value={creds.secret} onChange={(e) => setCreds({ ...creds, secret: e.target.value })} />
        </label>
        {props.pathParams.map((name) => (
          <label key={name} className="text-xs">
            {name}
            <input className={field} value={params[name] ?? ""} onChange={(e) => setParams({ ...params, [name]: e.target.value })} />
          </label>
        ))}
        <label className="text-xs">
          Query string
          <input className={field} value={query} onChange={(e) => setQuery(e.target.value)} placeholder="limit=10" />
        </label>
      </div>
      {props.hasBody ? (
        <label className="mt-2 block text-xs">
          JSON body
          <textarea className={`${field} font-mono`} rows={5} value={body} onChange={(e) => setBody(e.target.value)} />
        </label>
      ) : null}
      <button type="button" onClick={send} className="mt-2 rounded bg-blue-700 px-3 py-1 text-sm text-white">
        Send {props.method}
      </button>
      {result !== null ? <pre className="mt-2 max-h-72 overflow-auto rounded bg-white p-2 text-xs">{result}</pre> : null}
    </div>
  );
}
