import { handle, methods, reply } from "@/lib/http/handler";
import { getEndUserTermsOp } from "@/lib/customers/end-user-terms.contract";
import { currentEndUserTerms } from "@/lib/customers/end-user-terms";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getEndUserTermsOp, async () => reply(200, currentEndUserTerms())),
});
