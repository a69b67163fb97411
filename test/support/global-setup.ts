import type { TestProject } from "vitest/node";
import { buildApp, createTestDatabase, startServer } from "./server";

/** One built app, one fresh PostgreSQL database and one `next start` for the integration suite. */
export default async function setup(project: TestProject) {
  buildApp();
  const db = await createTestDatabase();
  const server = await startServer({ DATABASE_URL: db.url, DEMO_PLATFORM: "off" });
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", db.url);
  process.env.TEST_BASE_URL = server.url;
  process.env.DATABASE_URL = db.url;
  return async () => {
    await server.stop();
    if (process.env.KEEP_TEST_DB !== "1") await db.drop();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string;
  }
}
