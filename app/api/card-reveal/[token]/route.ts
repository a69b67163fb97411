import { pageRoute } from "@/lib/server/edge/http/handler";
import { cardRevealPage } from "@/lib/server/cards/reveal-page";

/**
 * The single-use page a POST /cards/{id}/reveal URL opens; with ?clientPublicKey= the sealed JSON form
 * (lib/server/cards/reveal-page.ts). Behind the edge's page wrapper: request id, one log line, and a HEAD that spends nothing.
 */
export const { GET, HEAD, POST, PUT, PATCH, DELETE } = pageRoute("/card-reveal/{token}", {
  GET: async (req, params) => cardRevealPage(params.token, new URL(req.url).searchParams.get("clientPublicKey")),
});
