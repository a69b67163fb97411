import fs from "node:fs/promises";
import path from "node:path";

/**
 * docs/protocol.md, which the API reference's introduction names: the wire formats and the decisions the
 * spec leaves open, served as the Markdown it is written in (plain text, so every browser shows it rather than
 * downloading it).
 */
const FILE = path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "protocol.md");

export async function GET(): Promise<Response> {
  const text = await fs.readFile(FILE, "utf8");
  return new Response(text, {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=300" },
  });
}
