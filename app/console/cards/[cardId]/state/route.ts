import { setCardState } from "@/lib/integrator/console/cards";
import { consoleIntl } from "@/lib/integrator/console/i18n";
import { back, consoleFormPost } from "@/lib/integrator/http/route";

/** Freeze or unfreeze a card from the console's cards page (form field `state`: FROZEN or ACTIVE). */
export const POST = consoleFormPost<{ cardId: string }>(async (req, s, { cardId }) => {
  const state = String((await req.formData()).get("state") ?? "");
  const { t } = await consoleIntl();
  const r = await setCardState(s, decodeURIComponent(cardId), state, t);
  return back(req, "/console/cards", r.sentence, r.detail);
});
