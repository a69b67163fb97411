const TONES = {
  good: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100",
  warn: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  bad: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  info: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
  neutral: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
} as const;

const STATUS_TONE: Record<string, keyof typeof TONES> = {
  COMPLETED: "good",
  DELIVERED: "good",
  APPROVED: "good",
  ACTIVE: "good",
  CONNECTED: "good",
  PENDING: "warn",
  PROCESSING: "info",
  PENDING_APPROVAL: "warn",
  PAUSED: "warn",
  FAILED: "bad",
  REJECTED: "bad",
  EXPIRED: "bad",
  REFUNDED: "neutral",
  SKIPPED: "neutral",
  RESOLVE_ERRORS: "warn",
  PENDING_MANUAL_REVIEW: "warn",
  IN_PROGRESS: "info",
  READY_FOR_VERIFICATION: "info",
  HOLD: "warn",
  UNVERIFIED: "neutral",
};

/** A status as a coloured label (its words from the catalogue when it has them). */
export function Badge({ status, label }: { status: string; label?: string }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONES[STATUS_TONE[status] ?? "neutral"]}`}
    >
      {label ?? status}
    </span>
  );
}
