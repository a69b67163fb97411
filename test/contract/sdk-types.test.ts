import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { SDK_TYPES_FILE, sdkTypesSource } from "@/scripts/sdk-types";

describe("lib/sdk/generated/openapi.ts", () => {
  it("is current with the OpenAPI document the service serves (else run `npm run sdk:types`)", async () => {
    const checkedIn = fs.readFileSync(SDK_TYPES_FILE, "utf8");
    expect(
      checkedIn === (await sdkTypesSource()),
      "lib/sdk/generated/openapi.ts is stale: run `npm run sdk:types`",
    ).toBe(true);
  }, 30_000); // builds the whole document and prints ~1 MB of types: seconds, more on a loaded machine
});
