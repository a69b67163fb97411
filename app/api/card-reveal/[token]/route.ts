import { cardRevealPage } from "@/lib/cards/reveal-page";

/** The single-use page a POST /cards/{id}/reveal URL opens; with ?clientPublicKey= the sealed JSON form (lib/cards/reveal-page.ts). */
export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return cardRevealPage((await ctx.params).token, new URL(req.url).searchParams.get("clientPublicKey"));
}
