import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { uploadCustomersCsvOp } from "@/lib/server/bulk-import/bulk-import.contract";
import { uploadCustomersCsv } from "@/lib/server/bulk-import/upload-customers-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(uploadCustomersCsvOp, async ({ platform, req }) => reply(202, await uploadCustomersCsv(platform, req))),
});
