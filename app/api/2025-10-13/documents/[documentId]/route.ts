import { handle, methods, reply } from "@/lib/http/handler";
import { deleteDocumentOp, getDocumentOp, replaceDocumentOp } from "@/lib/documents/document.contract";
import { deleteDocument } from "@/lib/documents/delete-document";
import { getDocument } from "@/lib/documents/get-document";
import { replaceDocument } from "@/lib/documents/replace-document";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: handle(getDocumentOp, async ({ platform, params }) =>
    reply(200, await getDocument(platform, params.documentId)),
  ),
  PUT: handle(replaceDocumentOp, async ({ platform, params, body }) =>
    reply(200, await replaceDocument(platform, params.documentId, body)),
  ),
  DELETE: handle(deleteDocumentOp, async ({ platform, params }) => {
    await deleteDocument(platform, params.documentId);
    return reply(204);
  }),
});
