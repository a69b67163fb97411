/**
 * The SDK's wire types, generated from the OpenAPI document the service serves (built in-process from the zod
 * contracts) by openapi-typescript: `npm run sdk:types` rewrites lib/sdk/generated/openapi.ts, and
 * test/contract/sdk-types.test.ts fails when the checked-in file is not current.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "@/lib/server/edge/openapi/document";

export const SDK_TYPES_FILE = path.resolve(import.meta.dirname, "..", "lib", "sdk", "generated", "openapi.ts");

export async function sdkTypesSource(): Promise<string> {
  const doc = structuredClone(openApiDocument()) as unknown as OpenAPI3;
  return openapiTS(doc, { alphabetize: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.mkdirSync(path.dirname(SDK_TYPES_FILE), { recursive: true });
  fs.writeFileSync(SDK_TYPES_FILE, await sdkTypesSource());
  console.log(`wrote ${path.relative(process.cwd(), SDK_TYPES_FILE)}`);
}
