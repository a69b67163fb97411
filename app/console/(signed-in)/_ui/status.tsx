import { errorSentence } from "@/lib/integrator/console/error-sentence";
import type { ConsoleT } from "@/lib/integrator/console/i18n";
import type { ErrorBody } from "@/lib/sdk";

/**
 * The outcome of the last form post (the `msg` of its redirect), announced to screen readers; a failure's
 * service code and message (`detail`) sit under "Details", the sentence above them.
 */
export function Status({
  msg,
  detail,
  detailsLabel = "Details",
}: {
  msg?: string | string[];
  detail?: string | string[];
  detailsLabel?: string;
}) {
  const text = Array.isArray(msg) ? msg[0] : msg;
  const more = Array.isArray(detail) ? detail[0] : detail;
  return text ? (
    <div
      role="status"
      className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100"
    >
      <p>{text}</p>
      {more ? (
        <details className="mt-1">
          <summary className="cursor-pointer">{detailsLabel}</summary>
          <code className="break-all text-xs">{more}</code>
        </details>
      ) : null}
    </div>
  ) : null;
}

/** A list's failed read (a bad filter, most often) as a sentence, the service's code and message under "Details". */
export function ErrorStatus({ t, error, labels }: { t: ConsoleT; error: ErrorBody; labels?: Record<string, string> }) {
  const { sentence, detail } = errorSentence(t, error, labels);
  return <Status msg={sentence} detail={detail} detailsLabel={t("common.details")} />;
}
