import { handle, methods, reply } from "@/lib/http/handler";
import { uploadCustomersCsvOp } from "@/lib/bulk-import/bulk-import.contract";
import { uploadCustomersCsv } from "@/lib/bulk-import/upload-customers-csv";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(uploadCustomersCsvOp, async ({ platform, req }) => reply(202, await uploadCustomersCsv(platform, req))),
});
