"use client";

import { useId, useRef, useState } from "react";
import type { AuthScheme, ReferenceParameter } from "@/lib/server/edge/openapi/reference";
import { setCredentials, useCredentials } from "./credentials";

export interface TryItProps {
  method: string;
  path: string;
  basePath: string;
  auth: AuthScheme | null;
  parameters: Pick<ReferenceParameter, "name" | "in" | "required" | "description" | "example">[];
  body?: {
    contentType: string;
    /** The JSON body the form starts with (the operation's example). */
    example?: string;
    /** A multipart body's fields. */
    fields?: { name: string; binary: boolean; required: boolean; options?: string[] }[];
  };
}

interface Answer {
  status: number;
  statusText: string;
  body: string;
}

const input =
  "mt-1 block w-full rounded border border-slate-400 bg-white px-2 py-1 font-mono text-sm dark:border-slate-500 dark:bg-slate-900";
const label = "block text-sm font-medium";

/** What a response says, JSON pretty-printed. */
async function readAnswer(r: Response): Promise<Answer> {
  const text = await r.text();
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // Not JSON (an empty 204, a file): shown as sent.
  }
  return { status: r.status, statusText: r.statusText, body };
}

/**
 * An operation's try-it form in a modal dialog: the credentials its security scheme takes (shared by every form on the
 * page, kept in memory only), its path, query and header parameters, its body; Send makes the real request from this
 * browser to this origin's API and shows the answer.
 */
export function TryIt({ method, path, basePath, auth, parameters, body }: TryItProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const creds = useCredentials();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(parameters.filter((p) => p.in === "path").map((p) => [`${p.in}:${p.name}`, p.example ?? ""])),
  );
  const [json, setJson] = useState(body?.example ?? "");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState("");
  const [sending, setSending] = useState(false);
  const title = `${method} ${path}`;

  async function send(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setSending(true);
    setAnswer(null);
    setFailure("");
    try {
      const filled = path.replace(/\{([^}]+)\}/g, (_, n: string) => encodeURIComponent(values[`path:${n}`] ?? ""));
      const query = new URLSearchParams();
      const headers = new Headers();
      for (const p of parameters) {
        const v = values[`${p.in}:${p.name}`]?.trim();
        if (!v) continue;
        if (p.in === "query") query.set(p.name, v);
        if (p.in === "header") headers.set(p.name, v);
      }
      if (auth === "BasicAuth")
        headers.set("authorization", `Basic ${btoa(`${creds.clientId}:${creds.clientSecret}`)}`);
      if (auth === "AgentAuth") headers.set("authorization", `Bearer ${creds.agentToken}`);
      let payload: BodyInit | undefined;
      if (body?.contentType === "application/json" && json.trim()) {
        headers.set("content-type", "application/json");
        payload = json;
      } else if (body?.fields) payload = new FormData(e.currentTarget); // only the multipart fields carry a name
      const qs = query.size ? `?${query}` : "";
      const r = await fetch(`${basePath}${filled}${qs}`, { method, headers, body: payload, credentials: "omit" });
      setAnswer(await readAnswer(r));
    } catch (err) {
      setFailure(err instanceof Error ? err.message : String(err));
    } finally {
      setSending(false);
    }
  }

  const field = (key: string, text: string, props: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => (
    <div key={key}>
      <label htmlFor={`${id}-${key}`} className={label}>
        {text}
      </label>
      <input
        id={`${id}-${key}`}
        className={input}
        aria-describedby={hint ? `${id}-${key}-hint` : undefined}
        {...props}
      />
      {hint && (
        <p id={`${id}-${key}-hint`} className="mt-0.5 text-xs text-slate-700 dark:text-slate-300">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={`Try it: ${title}`}
        onClick={() => dialog.current?.showModal()}
        className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800"
      >
        Try it
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-title`}
        className="m-auto w-[min(48rem,calc(100vw-1rem))] rounded-lg border border-slate-300 bg-white p-0 text-slate-900 backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      >
        <form onSubmit={send} className="space-y-4 p-4">
          <div className="flex items-start justify-between gap-2">
            <h2 id={`${id}-title`} className="font-mono text-base font-semibold break-all">
              Try {title}
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded border border-slate-300 px-2 py-0.5 text-sm dark:border-slate-600"
            >
              Close
            </button>
          </div>
          {auth && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">
                {auth === "BasicAuth" ? "HTTP Basic: client id and secret, or an API token's" : "Agent access token"}
              </legend>
              {auth === "BasicAuth"
                ? [
                    field("client-id", "Client id", {
                      value: creds.clientId,
                      autoComplete: "username",
                      onChange: (e) => setCredentials({ clientId: e.target.value }),
                    }),
                    field("client-secret", "Client secret", {
                      type: "password",
                      value: creds.clientSecret,
                      autoComplete: "current-password",
                      onChange: (e) => setCredentials({ clientSecret: e.target.value }),
                    }),
                  ]
                : field(
                    "agent-token",
                    "Bearer token",
                    {
                      type: "password",
                      value: creds.agentToken,
                      autoComplete: "off",
                      onChange: (e) => setCredentials({ agentToken: e.target.value }),
                    },
                    "gat_… from redeeming the agent's device code",
                  )}
            </fieldset>
          )}
          {parameters.length > 0 && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">Parameters</legend>
              {parameters.map((p) =>
                field(
                  `${p.in}-${p.name}`,
                  `${p.name} (${p.in}${p.required ? ", required" : ""})`,
                  {
                    value: values[`${p.in}:${p.name}`] ?? "",
                    required: p.required,
                    onChange: (e) => setValues((v) => ({ ...v, [`${p.in}:${p.name}`]: e.target.value })),
                  },
                  p.description,
                ),
              )}
            </fieldset>
          )}
          {body?.contentType === "application/json" && (
            <div>
              <label htmlFor={`${id}-body`} className={label}>
                Request body (JSON)
              </label>
              <textarea
                id={`${id}-body`}
                value={json}
                onChange={(e) => setJson(e.target.value)}
                rows={Math.min(16, Math.max(4, json.split("\n").length))}
                spellCheck={false}
                className={input}
              />
            </div>
          )}
          {body?.fields && (
            <fieldset className="space-y-2">
              <legend className="text-sm font-semibold">Form fields (multipart)</legend>
              {body.fields.map((f) =>
                field(`form-${f.name}`, `${f.name}${f.required ? " (required)" : ""}`, {
                  name: f.name,
                  type: f.binary ? "file" : "text",
                  required: f.required,
                  defaultValue: f.binary ? undefined : f.options?.[0],
                }),
              )}
            </fieldset>
          )}
          <button
            type="submit"
            disabled={sending}
            className="rounded-md bg-blue-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-blue-800 disabled:opacity-70"
          >
            Send {method} request
          </button>
          <div role="status" aria-live="polite" className="text-sm font-semibold">
            {sending
              ? "Sending…"
              : answer
                ? `Response: ${answer.status} ${answer.statusText}`
                : failure && `Not sent: ${failure}`}
          </div>
          {answer?.body && <pre className="code">{answer.body}</pre>}
        </form>
      </dialog>
    </>
  );
}
