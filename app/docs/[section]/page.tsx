import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { publicOrigin } from "@/lib/shared/config/env";
import { type ReferenceOperation, referenceIntroduction, referenceSection } from "@/lib/server/edge/openapi/reference";
import { OperationSection } from "../_ui/operation";
import { SharedShapes } from "../_ui/schema-view";
import { type Shapes, sharedShapes } from "@/lib/server/edge/openapi/reference-shapes";

type Props = { params: Promise<{ section: string }> };

const shapesBySection = new Map<string, Shapes>();

/** The section's shared shapes (computed once: the document does not change while the server runs). */
function sectionShapes(slug: string, operations: ReferenceOperation[]): Shapes {
  let shapes = shapesBySection.get(slug);
  if (!shapes) {
    shapes = sharedShapes(
      operations.flatMap((op) => [
        { name: "body", schema: op.body?.schema },
        ...op.responses.filter((r) => r.status.startsWith("2")).map((r) => ({ name: "answer", schema: r.schema })),
      ]),
    );
    shapesBySection.set(slug, shapes);
  }
  return shapes;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const section = referenceSection((await params).section);
  return { title: section?.name ?? "Not found" };
}

/** One section of the reference: a tag of the OpenAPI document with every operation it holds. */
export default async function SectionPage({ params }: Props) {
  const section = referenceSection((await params).section);
  if (!section) notFound();
  const { basePath } = referenceIntroduction();
  const origin = publicOrigin();
  const shapes = sectionShapes(section.slug, section.operations);
  return (
    <article aria-labelledby="section-title">
      <h1 id="section-title" className="text-2xl font-semibold">
        {section.name}
      </h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{section.description}</p>
      <ul className="mt-4 space-y-1 text-sm">
        {section.operations.map((op) => (
          <li key={op.operationId}>
            <a href={`#${op.operationId}`} className="text-blue-800 underline underline-offset-2 dark:text-blue-300">
              {op.summary}
            </a>{" "}
            <code className="font-mono text-xs text-slate-700 dark:text-slate-300">
              {op.method} {op.path}
            </code>
          </li>
        ))}
      </ul>
      {section.operations.map((op) => (
        <OperationSection key={op.operationId} op={op} basePath={basePath} origin={origin} shapes={shapes} />
      ))}
      <SharedShapes shapes={shapes} />
    </article>
  );
}
