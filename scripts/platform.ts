/**
 * npm run platform -- create --name NAME [--sandbox] [--origin URL]... [--rp-id ID]
 *   Creates a platform and prints its credentials once, as JSON (only the secret's hash is stored).
 * npm run platform -- sample-data [--url URL] [--client-id ID --client-secret SECRET]
 *   Fills a sandbox platform with sample data through the running server's API (lib/integrator/console/sample-data.ts),
 *   as the console's action does; the demo platform's credentials (DATA_DIR/demo-platform.json) when none are given.
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const USAGE = [
  "usage: npm run platform -- create --name NAME [--sandbox] [--origin URL]... [--rp-id ID]",
  "       npm run platform -- sample-data [--url URL] [--client-id ID --client-secret SECRET]",
].join("\n");

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    sandbox: { type: "boolean", default: false },
    origin: { type: "string", multiple: true },
    "rp-id": { type: "string" },
    url: { type: "string" },
    "client-id": { type: "string" },
    "client-secret": { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help || !["create", "sample-data"].includes(positionals[0] ?? "")) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}

if (positionals[0] === "sample-data") await sampleData();
else await create();

async function create() {
  if (!values.name) {
    console.error(USAGE);
    process.exit(2);
  }
  for (const o of values.origin ?? []) {
    if (!/^https?:\/\/[^/\s]+$/.test(o)) {
      console.error(`--origin ${o}: expected an origin such as https://wallet.example.com`);
      process.exit(2);
    }
  }
  const { attachToRunningOwner, closeDb } = await import("@/db/client");
  const { createPlatform } = await import("@/lib/server/platforms/create-platform");
  // With a server running on the embedded database, the platform is created through it (lib/shared/embedded-owner.ts): the
  // server sees it at once, and nothing either writes is lost.
  attachToRunningOwner();
  const created = await createPlatform({
    name: values.name,
    environment: values.sandbox ? "SANDBOX" : "PRODUCTION",
    origins: values.origin,
    rpId: values["rp-id"],
  });
  console.log(JSON.stringify(created, null, 2));
  await closeDb();
}

/** Over HTTP, as a partner would: the server must be running (npm start). */
async function sampleData() {
  const { createServiceClient } = await import("@/lib/sdk");
  const { fillSampleData, sampleDataFailure } = await import("@/lib/integrator/console/sample-data");
  let clientId = values["client-id"];
  let clientSecret = values["client-secret"];
  if (!clientId || !clientSecret) {
    const file = path.resolve(process.env.DATA_DIR || ".data", "demo-platform.json");
    if (!fs.existsSync(file)) {
      console.error(`No credentials: pass --client-id and --client-secret, or start the demo platform (${file})`);
      process.exit(2);
    }
    ({ clientId, clientSecret } = JSON.parse(fs.readFileSync(file, "utf8")) as {
      clientId: string;
      clientSecret: string;
    });
  }
  const origin = (values.url ?? `http://127.0.0.1:${process.env.PORT || "3000"}`).replace(/\/+$/, "");
  const client = createServiceClient({ baseUrl: `${origin}/api/2025-10-13`, clientId, clientSecret });
  try {
    const { created } = await fillSampleData(client);
    console.log(
      created.length > 0 ? `Sample data added: ${created.join(", ")}` : "Sample data already there: nothing added",
    );
  } catch (e) {
    console.error(`Sample data not added: ${unreachable(e, origin) ?? sampleDataFailure(e)}`);
    process.exit(1);
  }
}

/**
 * fetch's own "fetch failed" names neither the address nor what to do: the usual cause is a server on another port or
 * none at all, so the sentence names the address tried and both ways on.
 */
function unreachable(e: unknown, origin: string): string | undefined {
  if (!(e instanceof TypeError) || e.message !== "fetch failed") return undefined;
  const cause = (e.cause as { code?: string } | undefined)?.code;
  return (
    `no server answered at ${origin}${cause ? ` (${cause})` : ""}: start it with npm start, or name the running ` +
    "one with --url (or the PORT it was started with)"
  );
}
