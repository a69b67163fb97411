import { sql } from "drizzle-orm";
import { databaseKind, getDb } from "@/db/client";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return Response.json({ status: "ok", database: databaseKind() });
  } catch {
    return Response.json({ status: "unavailable", database: databaseKind() }, { status: 503 });
  }
}
