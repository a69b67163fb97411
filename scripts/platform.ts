/**
 * npm run platform -- create --name NAME [--sandbox] [--origin URL]... [--rp-id ID]
 * Creates a platform and prints its credentials once, as JSON (only the secret's hash is stored).
 */
import { parseArgs } from "node:util";
import { attachToRunningOwner, closeDb } from "@/db/client";
import { createPlatform } from "@/lib/platforms/create-platform";

const USAGE = "usage: npm run platform -- create --name NAME [--sandbox] [--origin URL]... [--rp-id ID]";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    name: { type: "string" },
    sandbox: { type: "boolean", default: false },
    origin: { type: "string", multiple: true },
    "rp-id": { type: "string" },
    help: { type: "boolean", default: false },
  },
});

if (values.help || positionals[0] !== "create" || !values.name) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
for (const o of values.origin ?? []) {
  if (!/^https?:\/\/[^/\s]+$/.test(o)) {
    console.error(`--origin ${o}: expected an origin such as https://wallet.example.com`);
    process.exit(2);
  }
}

// With a server running on the embedded database, the platform is created through it (db/embedded-owner.ts): the
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
