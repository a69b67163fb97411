import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { createCustomerOp, listCustomersOp } from "@/lib/server/customers/customer.contract";
import { createCustomer } from "@/lib/server/customers/create-customer";
import { listCustomers } from "@/lib/server/customers/list-customers";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(createCustomerOp, async ({ platform, body }) => reply(201, await createCustomer(platform, body))),
  GET: handle(listCustomersOp, async ({ platform, query }) => reply(200, await listCustomers(platform, query))),
});
