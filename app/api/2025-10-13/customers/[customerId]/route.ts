import { handle, methods, reply } from "@/lib/http/handler";
import { deleteCustomerOp, getCustomerOp, updateCustomerOp } from "@/lib/customers/customer.contract";
import { deleteCustomer } from "@/lib/customer-deletion/delete-customer";
import { getCustomer } from "@/lib/customers/get-customer";
import { updateCustomer } from "@/lib/customers/update-customer";
import { signedCall } from "@/lib/signed-retry/signed-call";

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
