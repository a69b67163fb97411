import { handle, methods } from "@/lib/server/edge/http/handler";
import { downloadDocumentOp } from "@/lib/server/documents/document.contract";
import { downloadDocument } from "@/lib/server/documents/download-document";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(downloadDocumentOp, async ({ platform, params }) => downloadDocument(platform, params.documentId)),
});
