import type { ErrorBody } from "@/lib/sdk";
import type { ConsoleT } from "./i18n";

/** Codes with a sentence of their own in the catalogue (messages/console.*.json `errors`). */
const KNOWN = [
  "INVALID_INPUT",
  "NOT_FOUND",
  "WEBHOOK_DELIVERY_ERROR",
  "WEBHOOK_ENDPOINT_NOT_SET",
  "CONTACT_VERIFICATION_REQUIRED",
  "FORBIDDEN",
  "UNAUTHORIZED",
] as const;

/**
 * A service error as people read it: a sentence from the console's catalogue (by code; an invalid field names
 * the field by its label on the page), and the service's code and message for the "Details" line beneath it.
 * `labels` maps the API's field names to the words the page shows next to them.
 */
export function errorSentence(
  t: ConsoleT,
  e: ErrorBody,
  labels: Record<string, string> = {},
): { sentence: string; detail: string } {
  const listed = (e.details as { errors?: { field?: string; message?: string }[] } | undefined)?.errors ?? [];
  const detail = [`${e.code}: ${e.message}`, ...listed.map((x) => `${x.field ?? ""}: ${x.message ?? ""}`)].join(" · ");
  const fields = listed
    .map((x) => x.field ?? "")
    .filter(Boolean)
    .map((f) => labels[f] ?? labels[f.split(".").pop() ?? f] ?? f);
  if (e.code === "INVALID_INPUT" && fields.length > 0)
    return { sentence: t("errors.invalidFields", { fields: [...new Set(fields)].join(", ") }), detail };
  const code = KNOWN.find((k) => k === e.code);
  if (code) return { sentence: t(`errors.${code}`), detail };
  return { sentence: t("errors.other", { status: e.status }), detail };
}
