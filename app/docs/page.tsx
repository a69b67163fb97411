import Link from "next/link";
import { publicOrigin } from "@/lib/shared/config/env";
import { referenceIntroduction, referenceSections } from "@/lib/server/edge/openapi/reference";
import { Markdown } from "./_ui/markdown";

/**
 * The reference's introduction: the API's address and version, how to authenticate, the guides (getting started, the
 * sandbox, signed retries, webhooks: docs/guides/, as the OpenAPI document's description carries them) and the
 * sections.
 */
export default function ReferenceIntroduction() {
  const intro = referenceIntroduction();
  const sections = referenceSections();
  const link = "text-blue-800 underline underline-offset-2 dark:text-blue-300";
  return (
    <article aria-labelledby="reference-title" className="max-w-3xl">
      <h1 id="reference-title" className="text-3xl font-semibold">
        {intro.title}
      </h1>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Base URL</dt>
        <dd>
          <code className="font-mono break-all">
            {publicOrigin()}
            {intro.basePath}
          </code>
        </dd>
        <dt className="font-semibold">Version</dt>
        <dd>{intro.version}</dd>
        <dt className="font-semibold">OpenAPI document</dt>
        <dd>
          <a href={`${intro.basePath}/openapi.json`} className={link}>
            openapi.json
          </a>
        </dd>
      </dl>
      <Markdown source={intro.markdown} shift={1} className="mt-6" />
      <h2 id="sections" className="mt-10 text-2xl font-semibold">
        Sections
      </h2>
      <ul className="mt-3 space-y-3">
        {sections.map((s) => (
          <li key={s.slug}>
            <Link href={`/docs/${s.slug}`} className={`${link} font-medium`}>
              {s.name}
            </Link>{" "}
            <span className="text-sm text-slate-700 dark:text-slate-300">
              ({s.operations.length} {s.operations.length === 1 ? "operation" : "operations"}): {s.description}
            </span>
          </li>
        ))}
        <li>
          <Link href="/docs/events" className={`${link} font-medium`}>
            Webhook events
          </Link>{" "}
          <span className="text-sm text-slate-700 dark:text-slate-300">
            : every event and the payload your endpoint receives.
          </span>
        </li>
      </ul>
    </article>
  );
}
