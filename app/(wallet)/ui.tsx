"use client";

import { useCallback, useState } from "react";
import type { Progress } from "@/lib/integrator/browser/api";
import { ServiceError } from "@/lib/sdk/service-error";
import type { ErrorBody } from "@/lib/sdk/types";
import { BundleError } from "@/lib/integrator/browser/bundles";

/** Turn anything thrown into an error object with a code the user can quote. */
export function toErrorBody(e: unknown): ErrorBody {
  if (e instanceof ServiceError) return e.body;
  if (e instanceof BundleError) return { status: 400, code: "BUNDLE_REJECTED", message: e.message };
  if (e instanceof DOMException && e.name === "NotAllowedError") {
    return { status: 400, code: "WEBAUTHN_CANCELLED", message: "The passkey prompt was cancelled or timed out" };
  }
  return { status: 500, code: "CLIENT_ERROR", message: e instanceof Error ? e.message : String(e) };
}

export function ErrorMessage({ error }: { error: ErrorBody | null }) {
  if (!error) return null;
  const reason = typeof error.details?.reason === "string" ? ` (${error.details.reason})` : "";
  return (
    <p role="alert" className="mt-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <span className="font-mono font-semibold">{error.code}</span>
      {reason}: {error.message}
    </p>
  );
}

const PROGRESS_TEXT: Record<Progress, string> = {
  signing: "Signing with your wallet key…",
  processing: "Waiting for confirmation…",
  waiting: "Rate limited: waiting before trying again…",
};

export function ProgressNote({ progress }: { progress: Progress | null }) {
  return (
    <p role="status" aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-700">
      {progress ? PROGRESS_TEXT[progress] : ""}
    </p>
  );
}

/** One action's state: running flag, progress of its signed retry, and its error object. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [error, setError] = useState<ErrorBody | null>(null);
  const run = useCallback(async <T,>(fn: (onProgress: (p: Progress) => void) => Promise<T>): Promise<T | undefined> => {
    setBusy(true);
    setError(null);
    setProgress(null);
    try {
      return await fn(setProgress);
    } catch (e) {
      setError(toErrorBody(e));
      return undefined;
    } finally {
      setBusy(false);
      setProgress(null);
    }
  }, []);
  return { busy, progress, error, setError, run };
}

export function Button(props: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "secondary" | "danger" }) {
  const { variant = "primary", className = "", ...rest } = props;
  const styles = {
    primary: "bg-blue-700 text-white hover:bg-blue-800",
    secondary: "border border-slate-400 bg-white text-slate-900 hover:bg-slate-100",
    danger: "bg-red-700 text-white hover:bg-red-800",
  }[variant];
  return (
    <button
      {...rest}
      className={`rounded px-4 py-2 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2 disabled:opacity-60 ${styles} ${className}`}
    />
  );
}

export function Card({ title, children, id }: { title: string; children: React.ReactNode; id?: string }) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function formatRemaining(ms: number): string {
  if (ms <= 0) return "expired";
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
