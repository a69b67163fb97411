import { back, consoleFormPost } from "@/lib/integrator/http/route";
import { setCardState } from "@/lib/integrator/console/cards";

/** Freeze or unfreeze a card from the console's cards page (form field `state`: FROZEN or ACTIVE). */
export const POST = consoleFormPost<{ cardId: string }>(async (req, s, { cardId }) => {
  const state = String((await req.formData()).get("state") ?? "");
  return back(req, "/console/cards", await setCardState(s, decodeURIComponent(cardId), state));
});
