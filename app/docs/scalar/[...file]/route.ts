import fs from "node:fs/promises";
import path from "node:path";

/**
 * The API reference's script, served from this app: @scalar/api-reference's browser build (its ESM entry and the
 * chunks it imports on demand), read from node_modules. Only .js files under dist/browser; chunk names carry a
 * content hash, so they are cached for a year.
 */
const ROOT = path.resolve(/*turbopackIgnore: true*/ process.cwd(), "node_modules/@scalar/api-reference/dist/browser");

export async function GET(_req: Request, ctx: { params: Promise<{ file: string[] }> }): Promise<Response> {
  const parts = (await ctx.params).file;
  const ok =
    parts.length <= 2 &&
    parts.every((p) => /^[A-Za-z0-9._-]+$/.test(p) && !p.startsWith(".")) &&
    parts[parts.length - 1].endsWith(".js");
  if (!ok || (parts.length === 2 && parts[0] !== "chunks")) return new Response("not found", { status: 404 });
  try {
    const body = await fs.readFile(path.join(ROOT, ...parts));
    const hashed = parts[0] === "chunks";
    return new Response(new Uint8Array(body), {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": hashed ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      },
    });
  } catch {
    return new Response("not found", { status: 404 });
  }
}
