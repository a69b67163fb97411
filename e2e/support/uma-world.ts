import { randomBytes } from "node:crypto";
import { createTestDatabase, freePort, type RunningServer, startServer, tempDir } from "../../test/support/server";

/** One self-hosted instance of the UMA world: its server (also its integrator), database and platform. */
export interface UmaSite {
  url: string;
  api: string;
  auth: string;
  credentials: { clientId: string; clientSecret: string };
  server: RunningServer;
  stop: () => Promise<void>;
}

/**
 * Two instances on loopback, each on its own database with one sandbox platform on its own UMA domain (`domains`,
 * under `.internal`, for which the UMA library builds http:// URLs) and each its own integrator (wallet and console)
 * acting for that platform. Every instance's UMA_SANDBOX_HOSTS names the loopback origin serving each domain. The
 * platforms are made before the servers start, since an integrator's credentials are part of its configuration.
 */
export async function startUmaWorld(domains: [string, string]): Promise<[UmaSite, UmaSite]> {
  const ports = [await freePort(), await freePort()];
  const hosts = domains.map((d, i) => `${d}=http://127.0.0.1:${ports[i]}`).join(",");
  const kek = randomBytes(32).toString("hex");
  const dbs = await Promise.all(domains.map((d) => createTestDatabase(`e2e_uma_${d.split(".")[0]}`)));
  const platforms: { clientId: string; clientSecret: string }[] = [];
  // The platform is written through the service's own code on each database in turn (its handle follows DATABASE_URL).
  const before = process.env.DATABASE_URL;
  const { closeDb, getDb } = await import("../../db/client");
  const { createPlatform } = await import("../../lib/server/platforms/create-platform");
  try {
    for (const [i, domain] of domains.entries()) {
      await closeDb();
      process.env.DATABASE_URL = dbs[i].url;
      const origin = `http://localhost:${ports[i]}`;
      platforms.push(
        await createPlatform(
          {
            name: `E2E UMA ${domain}`,
            environment: "SANDBOX",
            origins: [origin],
            rpId: "localhost",
            settings: { skipVerificationPaperwork: true, umaDomain: domain },
          },
          await getDb(),
        ),
      );
    }
  } finally {
    await closeDb();
    process.env.DATABASE_URL = before;
  }
  const servers = await Promise.all(
    domains.map((_, i) =>
      startServer(
        {
          DATABASE_URL: dbs[i].url,
          DEMO_PLATFORM: "off",
          DATA_DIR: tempDir("e2e-uma-"),
          KEY_ENCRYPTION_KEY: kek,
          UMA_SANDBOX_HOSTS: hosts,
          NEXTAUTH_SECRET: "e2e-nextauth-secret-0123456789abcdef",
          INTEGRATOR_CLIENT_ID: platforms[i].clientId,
          INTEGRATOR_CLIENT_SECRET: platforms[i].clientSecret,
          SANDBOX_MONEY_PER_MINUTE: "0",
        },
        { port: ports[i] },
      ),
    ),
  );
  const site = (i: number): UmaSite => ({
    url: servers[i].url,
    api: `${servers[i].url}/api/2025-10-13`,
    auth: `Basic ${Buffer.from(`${platforms[i].clientId}:${platforms[i].clientSecret}`).toString("base64")}`,
    credentials: { clientId: platforms[i].clientId, clientSecret: platforms[i].clientSecret },
    server: servers[i],
    stop: async () => {
      await servers[i].stop();
      if (process.env.KEEP_TEST_DB !== "1") await dbs[i].drop();
    },
  });
  return [site(0), site(1)];
}
