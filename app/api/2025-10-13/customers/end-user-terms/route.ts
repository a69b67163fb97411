import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getEndUserTermsOp } from "@/lib/server/customers/end-user-terms.contract";
import { currentEndUserTerms } from "@/lib/server/customers/end-user-terms";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getEndUserTermsOp, async () => reply(200, currentEndUserTerms())),
});
