"use client";
import { useSyncExternalStore } from "react";

const noop = () => () => {};

/**
 * A timestamp in the operator's own time zone and locale. The server does not know the browser's zone, so it
 * renders UTC; the browser re-renders in local time once hydrated.
 */
export function LocalTime({ iso, locale }: { iso?: string | null; locale: string }) {
  const text = useSyncExternalStore(
    noop,
    () => format(iso, locale),
    () => format(iso, locale, "UTC"),
  );
  if (!iso) return <span aria-hidden="true">—</span>;
  return (
    <time dateTime={iso} title={iso}>
      {text}
    </time>
  );
}

function format(iso: string | null | undefined, locale: string, timeZone?: string): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const s = new Intl.DateTimeFormat(locale, {
    dateStyle: "medium",
    timeStyle: "short",
    ...(timeZone ? { timeZone } : {}),
  }).format(d);
  return timeZone ? `${s} UTC` : s;
}
