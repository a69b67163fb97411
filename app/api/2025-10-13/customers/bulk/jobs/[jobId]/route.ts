import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { getBulkImportJobOp } from "@/lib/server/bulk-import/bulk-import.contract";
import { getBulkImportJob } from "@/lib/server/bulk-import/get-bulk-import-job";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getBulkImportJobOp, async ({ platform, params }) =>
    reply(200, await getBulkImportJob(platform, params.jobId)),
  ),
});
