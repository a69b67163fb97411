"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import type { OnProgress, Progress } from "@/lib/integrator/browser/api";
import { ServiceError } from "@/lib/sdk/service-error";
import type { ErrorBody } from "@/lib/sdk/types";

/** Turn anything thrown into an error object with a code the user can quote. */
export function toErrorBody(e: unknown): ErrorBody {
  if (e instanceof ServiceError) return e.body;
  // By name: the bundle code loads on demand (lib/integrator/browser/flows.ts), so the class is not imported here.
  if (e instanceof Error && e.name === "BundleError")
    return { status: 400, code: "BUNDLE_REJECTED", message: e.message };
  if (e instanceof DOMException && (e.name === "NotAllowedError" || e.name === "AbortError")) {
    return { status: 400, code: "WEBAUTHN_CANCELLED", message: "The passkey prompt was cancelled or timed out" };
  }
  if (e instanceof Error && e.name === "AbortError")
    return { status: 400, code: "WEBAUTHN_CANCELLED", message: e.message };
  return { status: 500, code: "CLIENT_ERROR", message: e instanceof Error ? e.message : String(e) };
}

/** The sentence a person reads for an error object: by `details.reason`, else by `code`, else by status. */
function useErrorSentence() {
  const t = useTranslations("errors");
  return useCallback(
    (error: ErrorBody): string => {
      const reason = typeof error.details?.reason === "string" ? error.details.reason : undefined;
      if (reason && t.has(`reason.${reason}`)) return t(`reason.${reason}` as "generic");
      if (t.has(`code.${error.code}`)) return t(`code.${error.code}` as "generic");
      const s = error.status;
      if (s >= 500) return t("status5xx");
      if ([400, 401, 403, 404, 409, 429].includes(s)) return t(`status${s}` as "generic");
      return t("generic");
    },
    [t],
  );
}

/** An error next to the action that failed: a sentence, and the service's code and message under "Details". */
export function ErrorMessage({ error, children }: { error: ErrorBody | null; children?: React.ReactNode }) {
  const sentence = useErrorSentence();
  const t = useTranslations("common");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the message may be outside the viewport: bring it into view.
    if (error) ref.current?.scrollIntoView?.({ block: "nearest", behavior: "smooth" });
  }, [error]);
  if (!error) return null;
  const reason = typeof error.details?.reason === "string" ? ` (${error.details.reason})` : "";
  return (
    <div
      ref={ref}
      role="alert"
      className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>{sentence(error)}</p>
      {children}
      <details className="mt-1">
        <summary className="cursor-pointer text-xs underline">{t("details")}</summary>
        <p className="mt-1 font-mono text-xs break-words">
          <span className="font-semibold">{error.code}</span>
          {reason}: {error.message}
        </p>
      </details>
    </div>
  );
}

export function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p
      role="status"
      className="rounded border border-green-300 bg-green-50 px-3 py-2 text-sm text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100"
    >
      {children}
    </p>
  );
}

/** Seconds left until a time, ticking every second (0 once passed). */
export function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export function ProgressNote({ progress, waitUntil }: { progress: Progress | null; waitUntil?: number | null }) {
  const t = useTranslations("progress");
  const seconds = useCountdown(progress === "waiting" ? (waitUntil ?? null) : null);
  return (
    <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-300">
      {progress === "waiting" ? (
        <span data-testid="rate-limit-countdown">{t("waiting", { seconds })}</span>
      ) : progress ? (
        t(progress)
      ) : (
        ""
      )}
    </p>
  );
}

/** One action's state: running flag, progress of its signed retry (with a rate limit's end), and its error object. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [error, setError] = useState<ErrorBody | null>(null);
  const onProgress: OnProgress = useCallback((p, detail) => {
    setProgress(p);
    setWaitUntil(p === "waiting" && detail ? Date.now() + detail.retryAfterMs : null);
  }, []);
  const run = useCallback(
    async <T,>(fn: (onProgress: OnProgress) => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      setProgress(null);
      try {
        return await fn(onProgress);
      } catch (e) {
        setError(toErrorBody(e));
        return undefined;
      } finally {
        setBusy(false);
        setProgress(null);
        setWaitUntil(null);
      }
    },
    [onProgress],
  );
  return { busy, progress, waitUntil, error, setError, run };
}

export function Button(
  props: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" },
) {
  const { variant = "primary", className = "", ...rest } = props;
  const styles = {
    primary: "bg-[var(--accent)] text-[var(--accent-fg)] hover:opacity-90",
    secondary:
      "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700",
    danger: "bg-red-700 text-white hover:bg-red-800",
  }[variant];
  return (
    <button
      {...rest}
      className={`rounded px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-[var(--accent)] focus-visible:ring-offset-2 disabled:opacity-60 dark:focus-visible:ring-offset-slate-900 ${styles} ${className}`}
    />
  );
}

export function Card({
  title,
  children,
  id,
  action,
}: {
  title: string;
  children: React.ReactNode;
  id?: string;
  action?: React.ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export const inputClass =
  "mt-1 rounded border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-800 dark:text-slate-100";
export const linkClass = "text-blue-800 underline underline-offset-2 dark:text-blue-300";

export function formatRemaining(ms: number): string {
  if (ms <= 0) return "0:00";
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Copy text, with a short "Copied" confirmation. */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => {});
        setCopied(true);
      }}
    >
      <span aria-live="polite">{copied ? done : label}</span>
    </Button>
  );
}
