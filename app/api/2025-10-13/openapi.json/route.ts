import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-static";

export async function GET(): Promise<Response> {
  return Response.json(openApiDocument());
}
