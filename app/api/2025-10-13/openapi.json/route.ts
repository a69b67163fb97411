import { openApiDocument } from "@/lib/server/edge/openapi/document";

export const dynamic = "force-static";

export async function GET(): Promise<Response> {
  return Response.json(openApiDocument());
}
