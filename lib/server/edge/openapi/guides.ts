import fs from "node:fs";
import path from "node:path";

/**
 * The guides the API reference opens with: getting started, the sandbox's rules, signed retries and
 * webhooks, kept as Markdown under docs/guides/ and served inside the OpenAPI document's description, where the
 * reference renders each `#` heading as a page of its introduction.
 */
const GUIDES = ["getting-started", "sandbox", "signed-retries", "webhooks"] as const;

/** The guides' Markdown, in reading order, read from the project (the server runs from its root). */
export function guidesMarkdown(): string {
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), "docs", "guides");
  return GUIDES.map((name) => fs.readFileSync(path.join(dir, `${name}.md`), "utf8").trim()).join("\n\n");
}
