import { and, asc, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { bulkImportJobs, bulkImportRows } from "@/db/schema";
import { notFound } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { formatId, iso, parseId } from "@/lib/shared/ids";
import type { BulkImportJob } from "./bulk-import.contract";

const MAX_ERRORS = 1000;

export async function getBulkImportJob(platform: PlatformPrincipal, jobId: string): Promise<BulkImportJob> {
  const uuid = parseId("Job", jobId);
  const db = await getDb();
  const [job] = uuid
    ? await db
        .select()
        .from(bulkImportJobs)
        .where(and(eq(bulkImportJobs.id, uuid), eq(bulkImportJobs.platformId, platform.id)))
    : [];
  if (!job) throw notFound("BULK_UPLOAD_JOB_NOT_FOUND", "Bulk upload job", jobId);
  const out: BulkImportJob = {
    id: formatId("Job", job.id),
    status: job.status,
    progress: { total: job.total, processed: job.processed, successful: job.successful, failed: job.failed },
  };
  if (job.failed > 0) {
    const failed = await db
      .select({ error: bulkImportRows.error })
      .from(bulkImportRows)
      .where(and(eq(bulkImportRows.jobId, job.id), eq(bulkImportRows.state, "FAILED")))
      .orderBy(asc(bulkImportRows.rowNumber))
      .limit(MAX_ERRORS);
    out.errors = failed.map((f) => f.error as NonNullable<BulkImportJob["errors"]>[number]);
  }
  if (job.completedAt) out.completedAt = iso(job.completedAt);
  return out;
}
