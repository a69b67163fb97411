import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { listDocumentsOp, uploadDocumentOp } from "@/lib/server/documents/document.contract";
import { listDocuments } from "@/lib/server/documents/list-documents";
import { uploadDocument } from "@/lib/server/documents/upload-document";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(uploadDocumentOp, async ({ platform, body }) => reply(201, await uploadDocument(platform, body))),
  GET: handle(listDocumentsOp, async ({ platform, query }) => reply(200, await listDocuments(platform, query))),
});
