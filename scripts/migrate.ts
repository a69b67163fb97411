/** Apply the committed migrations to DATABASE_URL (or the embedded database under DATA_DIR). */
import { closeDb, databaseKind, getDb } from "@/db/client";

await getDb();
console.log(`migrations applied (${databaseKind()})`);
await closeDb();
