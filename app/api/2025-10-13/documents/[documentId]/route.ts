import { handle, methods, reply } from "@/lib/server/edge/http/handler";
import { deleteDocumentOp, getDocumentOp, replaceDocumentOp } from "@/lib/server/documents/document.contract";
import { deleteDocument } from "@/lib/server/documents/delete-document";
import { getDocument } from "@/lib/server/documents/get-document";
import { replaceDocument } from "@/lib/server/documents/replace-document";

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
