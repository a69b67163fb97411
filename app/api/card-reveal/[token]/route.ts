import { cardRevealPage } from "@/lib/cards/reveal-page";

/** The single-use page a POST /cards/{id}/reveal URL opens (lib/cards/reveal-page.ts). */
export async function GET(_req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return cardRevealPage((await ctx.params).token);
}
