import { pgErrorFields } from "@/db/errors";

/** SQLSTATEs after which the whole database transaction can run again: nothing of it was committed. */
const RETRYABLE = new Set(["40001", "40P01"]); // serialization_failure, deadlock_detected

const isRetryableConflict = (e: unknown) => RETRYABLE.has(pgErrorFields(e)?.code ?? "");

/**
 * Run a database transaction again when PostgreSQL aborted it as a serialization failure or a deadlock victim,
 * so that the client gets the payment's answer instead of a 500: `run` must be the whole transaction (the retry
 * starts it afresh; anything it allocates, such as ids, is allocated again). Up to `attempts` runs, with a short
 * random pause between them so that the two sides of a deadlock do not meet again at once; the last error is thrown.
 */
export async function retryOnConflict<T>(run: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (attempt >= attempts || !isRetryableConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
    }
  }
}
