/** Apply the committed migrations to DATABASE_URL (or the embedded database under DATA_DIR). */
import { attachToRunningOwner, closeDb, databaseKind, getDb } from "@/db/client";

// With a server running on the embedded database, the migrations go through it (lib/shared/embedded-owner.ts).
attachToRunningOwner();
await getDb();
console.log(`migrations applied (${databaseKind()})`);
await closeDb();
