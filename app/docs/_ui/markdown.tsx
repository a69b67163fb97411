import { Marked, type Tokens } from "marked";
import { slugOf } from "@/lib/server/edge/openapi/reference";

const instances = new Map<number, Marked>();

/** A Markdown renderer whose headings sit `shift` levels lower than written, each with an anchor. */
function renderer(shift: number): Marked {
  let m = instances.get(shift);
  if (!m) {
    m = new Marked({ gfm: true });
    m.use({
      renderer: {
        heading(this: { parser: { parseInline(t: Tokens.Heading["tokens"]): string } }, h: Tokens.Heading) {
          const level = Math.min(h.depth + shift, 6);
          return `<h${level} id="${slugOf(h.text)}">${this.parser.parseInline(h.tokens)}</h${level}>\n`;
        },
      },
    });
    instances.set(shift, m);
  }
  return m;
}

/**
 * Markdown from the OpenAPI document (the guides, operation and field descriptions), rendered on the server. The text
 * is this service's own (docs/guides/, the operations' schemas), never a request's, so its HTML is used as written.
 */
export function Markdown({
  source,
  shift = 0,
  className = "",
}: {
  source: string;
  shift?: number;
  className?: string;
}) {
  if (!source.trim()) return null;
  const html = renderer(shift).parse(source, { async: false });
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the service's own documentation, rendered from Markdown
  return <div className={`markdown ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
