import { closeDb } from "@/db/client";
import { createTestDatabase, startServer, type RunningServer } from "./server";

export interface OwnServer {
  server: RunningServer;
  dbUrl: string;
  /** Stop the server, close the test's connections and drop the database. */
  stop: () => Promise<void>;
}

/**
 * A server on a fresh database of its own, for tests that need their own settings or log; the
 * test process's database client (platforms made in-process) points at that database too.
 */
export async function startOwnServer(prefix: string, env: Record<string, string | undefined> = {}): Promise<OwnServer> {
  await closeDb();
  const db = await createTestDatabase(prefix);
  process.env.DATABASE_URL = db.url;
  const server = await startServer({ DATABASE_URL: db.url, DEMO_PLATFORM: "off", ...env });
  return {
    server,
    dbUrl: db.url,
    stop: async () => {
      await server.stop();
      await closeDb();
      await db.drop();
    },
  };
}
