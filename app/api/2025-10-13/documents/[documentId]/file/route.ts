import { handle, methods } from "@/lib/http/handler";
import { downloadDocumentOp } from "@/lib/documents/document.contract";
import { downloadDocument } from "@/lib/documents/download-document";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(downloadDocumentOp, async ({ platform, params }) => downloadDocument(platform, params.documentId)),
});
