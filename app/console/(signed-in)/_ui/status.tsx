/** The outcome of the last form post (the `msg` of its redirect), announced to screen readers. */
export function Status({ msg }: { msg?: string | string[] }) {
  const text = Array.isArray(msg) ? msg[0] : msg;
  return text ? (
    <p
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      {text}
    </p>
  ) : null;
}
