import { eq } from "drizzle-orm";
import { AwsClient } from "aws4fetch";
import { getDb } from "@/db/client";
import { documentBlobs } from "@/db/schema";
import { env } from "@/lib/shared/config/env";
import { defined } from "@/lib/shared/invariant";

/**
 * Where encrypted document bytes live (the seam). Values are already AES-256-GCM ciphertext
 * (lib/server/documents/sealed-file.ts): no store ever sees a document in clear.
 */
export interface DocumentStore {
  readonly kind: "pg" | "s3";
  put(key: string, sealed: string): Promise<void>;
  get(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
}

/** The default: a PostgreSQL table, so the embedded database works with no other service. */
const pgStore: DocumentStore = {
  kind: "pg",
  async put(key, sealed) {
    await (await getDb()).insert(documentBlobs).values({ key, ciphertext: sealed });
  },
  async get(key) {
    const [row] = await (await getDb())
      .select({ c: documentBlobs.ciphertext })
      .from(documentBlobs)
      .where(eq(documentBlobs.key, key));
    return row?.c ?? null;
  },
  async delete(key) {
    await (await getDb()).delete(documentBlobs).where(eq(documentBlobs.key, key));
  },
};

/** An S3-compatible bucket, path-style URLs, SigV4-signed (aws4fetch). */
function s3Store(): DocumentStore {
  const cfg = env();
  const client = new AwsClient({
    accessKeyId: defined(cfg.S3_ACCESS_KEY_ID, "S3_ACCESS_KEY_ID (env requires it with S3_ENDPOINT)"),
    secretAccessKey: defined(cfg.S3_SECRET_ACCESS_KEY, "S3_SECRET_ACCESS_KEY (env requires it with S3_ENDPOINT)"),
    region: cfg.S3_REGION,
    service: "s3",
  });
  const url = (key: string) =>
    `${defined(cfg.S3_ENDPOINT, "S3_ENDPOINT").replace(/\/$/, "")}/${cfg.S3_BUCKET}/${key.split("/").map(encodeURIComponent).join("/")}`;
  const check = async (res: Response, what: string, ok: number[]) => {
    if (!ok.includes(res.status)) throw new Error(`document store: S3 ${what} answered ${res.status}`);
  };
  return {
    kind: "s3",
    async put(key, sealed) {
      await check(
        await client.fetch(url(key), { method: "PUT", body: sealed, headers: { "content-type": "text/plain" } }),
        "PUT",
        [200],
      );
    },
    async get(key) {
      const res = await client.fetch(url(key));
      if (res.status === 404) return null;
      await check(res, "GET", [200]);
      return res.text();
    },
    async delete(key) {
      await check(await client.fetch(url(key), { method: "DELETE" }), "DELETE", [200, 204, 404]);
    },
  };
}

let cached: DocumentStore | undefined;

export function documentStore(): DocumentStore {
  cached ??= env().DOCUMENT_STORE === "s3" ? s3Store() : pgStore;
  return cached;
}
