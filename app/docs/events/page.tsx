import type { Metadata } from "next";
import { referenceEvents } from "@/lib/server/edge/openapi/reference";
import { Markdown } from "../_ui/markdown";
import { SchemaView, SharedShapes } from "../_ui/schema-view";
import { type Shapes, sharedShapes } from "@/lib/server/edge/openapi/reference-shapes";

let shapes: Shapes | undefined;

export const metadata: Metadata = { title: "Webhook events" };

/** Every webhook event: what it means and the payload the platform's endpoint receives (the document's `webhooks`). */
export default function EventsPage() {
  const events = referenceEvents();
  shapes ??= sharedShapes(events.map((e) => ({ name: "data", schema: e.schema })));
  return (
    <article aria-labelledby="events-title" className="max-w-3xl">
      <h1 id="events-title" className="text-2xl font-semibold">
        Webhook events
      </h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Each event is a signed POST to your endpoint (header{" "}
        <code className="font-mono">Service-Webhook-Signature</code>; the{" "}
        <a href="/docs#webhooks" className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
          webhooks guide
        </a>{" "}
        says how to verify it).
      </p>
      <ul className="mt-4 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        {events.map((e) => (
          <li key={e.type}>
            <a href={`#${e.type}`} className="font-mono text-blue-800 underline underline-offset-2 dark:text-blue-300">
              {e.type}
            </a>
          </li>
        ))}
      </ul>
      {events.map((e) => (
        <section
          key={e.type}
          id={e.type}
          aria-labelledby={`${e.type}-title`}
          className="scroll-mt-16 border-t border-slate-200 py-6 dark:border-slate-800"
        >
          <h2 id={`${e.type}-title`} className="font-mono text-lg font-semibold">
            {e.type}
          </h2>
          <p className="mt-1">{e.summary}</p>
          <Markdown source={e.description} className="mt-2 text-sm" />
          {e.schema && (
            <details className="mt-2">
              <summary>Payload fields</summary>
              <div className="f-nest">
                <SchemaView schema={e.schema} shapes={shapes} />
              </div>
            </details>
          )}
        </section>
      ))}
      <SharedShapes shapes={shapes} />
    </article>
  );
}
