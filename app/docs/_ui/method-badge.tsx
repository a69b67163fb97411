/** An HTTP method as a coloured label (each pair of colours above 4.5:1 contrast, light and dark). */
const COLOURS: Record<string, string> = {
  GET: "bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200",
  POST: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  PUT: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  PATCH: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  DELETE: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

export function MethodBadge({ method }: { method: string }) {
  return (
    <span
      className={`inline-block w-16 shrink-0 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${COLOURS[method] ?? ""}`}
    >
      {method}
    </span>
  );
}
