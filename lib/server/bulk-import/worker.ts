import { env } from "@/lib/shared/config/env";
import { startPollLoop } from "@/lib/server/worker-loop/poll-loop";
import { processBulkImportBatch } from "./process-batch";

/**
 * The in-process bulk-import loops (started by lib/server/edge/startup): BULK_IMPORT_CONCURRENCY of them, taking disjoint
 * rows (SKIP LOCKED) so that round trips to the database overlap. All state is in the database; any instance may run them.
 */
export function startBulkImportWorker(): { stop: () => void } {
  const { BULK_IMPORT_POLL_MS, BULK_IMPORT_BATCH, BULK_IMPORT_CONCURRENCY } = env();
  const loops = Array.from({ length: BULK_IMPORT_CONCURRENCY }, (_, i) =>
    startPollLoop(
      `bulk import worker ${i + 1}`,
      BULK_IMPORT_POLL_MS,
      async () => (await processBulkImportBatch(BULK_IMPORT_BATCH)) > 0,
    ),
  );
  return {
    stop: () => {
      for (const l of loops) l.stop();
    },
  };
}
