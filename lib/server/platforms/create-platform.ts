import { getDb, type DbOrTx } from "@/db/client";
import { platforms } from "@/db/schema";
import { formatId, newUuid } from "@/lib/shared/ids";
import { platformSettingsSchema, type PlatformSettings } from "@/lib/server/core/platform-settings";
import { generateCredentials, hashSecret } from "./secret-hash";

export interface CreatePlatformInput {
  name: string;
  environment: "SANDBOX" | "PRODUCTION";
  origins?: string[];
  rpId?: string;
  settings?: Partial<PlatformSettings>;
}

export interface CreatedPlatform {
  id: string;
  name: string;
  environment: "SANDBOX" | "PRODUCTION";
  clientId: string;
  /** Shown once: only its hash is stored. */
  clientSecret: string;
}

export async function createPlatform(input: CreatePlatformInput, db?: DbOrTx): Promise<CreatedPlatform> {
  const conn = db ?? (await getDb());
  const origins = input.origins?.length ? input.origins : ["http://localhost:3000"];
  const rpId = input.rpId ?? new URL(origins[0]).hostname;
  const settings = platformSettingsSchema.parse({
    webauthn: { rpId, rpName: input.name, origins },
    ...input.settings,
  });
  const { clientId, clientSecret } = generateCredentials();
  const id = newUuid();
  await conn.insert(platforms).values({
    id,
    name: input.name,
    clientId,
    secretHash: await hashSecret(clientSecret),
    environment: input.environment,
    settings,
  });
  return { id: formatId("Platform", id), name: input.name, environment: input.environment, clientId, clientSecret };
}
