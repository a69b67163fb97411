import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deleteCustomerOp, getCustomerOp, updateCustomerOp } from "@/lib/server/customers/customer.contract";
import { deleteCustomer } from "@/lib/server/customers/deletion/delete-customer";
import { getCustomer } from "@/lib/server/customers/get-customer";
import { updateCustomer } from "@/lib/server/customers/update-customer";
import { signedCall } from "@/lib/server/signed-retry/signed-call";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getCustomerOp, async ({ platform, params }) =>
    reply(200, await getCustomer(platform, params.customerId)),
  ),
  PATCH: handle(updateCustomerOp, async (ctx) =>
    updateCustomer(signedCall(ctx, { platform: ctx.platform, customerId: ctx.params.customerId, patch: ctx.body })),
  ),
  DELETE: handle(deleteCustomerOp, async ({ platform, params }) =>
    reply(200, await deleteCustomer(platform, params.customerId)),
  ),
});
