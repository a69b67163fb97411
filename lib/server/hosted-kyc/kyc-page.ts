import { getDb } from "@/db/client";
import { ApiError } from "@/lib/server/core/errors";
import { readMultipart, withUploadSlot } from "@/lib/server/core/multipart";
import { env } from "@/lib/shared/config/env";
import { type RuntimeCheckedReply, reply, runtimeChecked } from "@/lib/server/core/reply";
import type { Verification } from "@/lib/server/verifications/verification.contract";
import { fill, kycCopy, kycLocale, type KycCopy, type KycLocale } from "./kyc-page-copy";
import { esc, kycForm, kycHtml, type KycFormValues, type KycProblem } from "./kyc-page-html";
import { openKycLink } from "./open-kyc-link";
import { KYC_FORM_FIELDS, submitHostedKyc } from "./submit-hosted-kyc";

/**
 * The hosted KYC page behind a kyc-link's `kycUrl` (`/kyc/<token>`): a plain HTML form (no script) that the
 * end user fills in; its POST goes through the same services as PATCH /customers, POST /documents and
 * POST /verifications (lib/server/hosted-kyc/submit-hosted-kyc.ts). After a problem the form comes back with what was
 * typed and each problem in words under its field. Served through the handler edge (app/kyc/[token]/route.ts);
 * never cached; not framed; the language is `?lang=`, else Accept-Language.
 */
const HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-type": "text/html; charset=utf-8",
};

/** The request as the edge hands it: the request, its path parameters and the request-log fields. */
interface PageCtx {
  req: Request;
  url: URL;
  params: unknown;
  log: { platformId?: string };
}

const FIELDS = KYC_FORM_FIELDS satisfies readonly (keyof KycFormValues)[];

interface View {
  locale: KycLocale;
  copy: KycCopy;
  path: string;
  action: string;
  token: string;
}

function view(ctx: PageCtx): View {
  const token = String((ctx.params as { token?: unknown }).token ?? "");
  const lang = ctx.url.searchParams.get("lang");
  const locale = kycLocale(lang, ctx.req.headers.get("accept-language"));
  const path = ctx.url.pathname;
  // The form posts back to the same page in the same language (an explicit choice stays in the URL).
  return { locale, copy: kycCopy(locale), path, action: lang ? `${path}?lang=${locale}` : path, token };
}

/** An HTML page; its status (200, 400, 404) is decided at run time, so the reply says it is checked there. */
function html(v: View, platform: string, title: string, body: string, status = 200): RuntimeCheckedReply {
  return runtimeChecked(
    reply(
      status,
      new TextEncoder().encode(kycHtml({ locale: v.locale, copy: v.copy, platform, title, body, path: v.path })),
      HEADERS,
    ),
  );
}

const gonePage = (v: View) => html(v, "", v.copy.gone, `<p>${esc(v.copy.goneBodyPlain)}</p>`, 404);

/** What the customer already has, as the form's values. */
function profileValues(profile: Record<string, unknown>): KycFormValues {
  const a = (profile.address ?? {}) as Record<string, unknown>;
  const s = (x: unknown) => (typeof x === "string" ? x : undefined);
  return {
    fullName: s(profile.fullName),
    birthDate: s(profile.birthDate),
    nationality: s(profile.nationality),
    line1: s(a.line1),
    city: s(a.city),
    postalCode: s(a.postalCode),
    country: s(a.country),
    idType: s(profile.idType),
  };
}

/** What was typed (text fields only; a file cannot be sent back to the browser). */
function typedValues(form: FormData): KycFormValues {
  const out: KycFormValues = {};
  for (const k of FIELDS) {
    const v = form.get(k);
    if (typeof v === "string") out[k] = v;
  }
  return out;
}

/** The chosen file's name, to ask for it again: browsers never keep a file input's value across a page load. */
function chosenFile(form: FormData): string | undefined {
  const f = form.get("document");
  if (!(f instanceof File) || f.size === 0) return undefined;
  // Printable characters only (a name is shown back, never used as a path).
  return [...f.name]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join("")
    .slice(-120);
}

/** An API field name (or path, `address.city`) as the form's field; `file` is the document input. */
function formField(field: string | undefined): KycProblem["field"] {
  if (!field) return undefined;
  const last = field.split(".").pop() ?? field;
  if (last === "file" || last === "document") return "document";
  return (FIELDS as readonly string[]).includes(last) ? (last as keyof KycFormValues) : undefined;
}

/** One problem per field, in the page's words (the service's own reason only where no field applies). */
function problemsOf(copy: KycCopy, items: { field?: string; reason: string; document?: boolean }[]): KycProblem[] {
  const out: KycProblem[] = [];
  for (const item of items) {
    const field = item.document ? "document" : formField(item.field);
    if (field && out.some((p) => p.field === field)) continue;
    out.push(field ? { field, text: copy.problems[field] ?? copy.problems.other } : { text: item.reason });
  }
  return out;
}

function verificationProblems(copy: KycCopy, verification: Verification): KycProblem[] {
  return problemsOf(
    copy,
    verification.errors.map((e) => ({ field: e.field, reason: e.reason, document: !!e.acceptedDocumentTypes })),
  );
}

/** GET /kyc/<token>: the form, prefilled with what the customer already has. */
export async function kycPage(ctx: PageCtx): Promise<RuntimeCheckedReply> {
  const v = view(ctx);
  try {
    const link = await openKycLink(await getDb(), v.token);
    ctx.log.platformId = link.platform.id;
    const values = profileValues(link.customer.profile as Record<string, unknown>);
    return html(v, link.platform.name, v.copy.title, formBody(v, link.platform.name, values, []));
  } catch (e) {
    if (e instanceof ApiError) return gonePage(v);
    throw e;
  }
}

function formBody(v: View, platform: string, values: KycFormValues, problems: KycProblem[], refile?: string) {
  return kycForm({ copy: v.copy, locale: v.locale, platform, values, problems, refile, action: v.action });
}

/** Why a form was not read, as a page: the status of the API's refusal, a sentence in place of the JSON. */
function unreadPage(v: View, platform: string, e: ApiError, maxBytes: number): RuntimeCheckedReply {
  const said: Partial<Record<string, string>> = {
    PAYLOAD_TOO_LARGE: `The form is larger than ${Math.floor(maxBytes / (1024 * 1024))} MB. Go back and choose a smaller file.`,
    UPLOAD_TIMEOUT: "The form did not arrive in time. Go back and send it again.",
    RATE_LIMITED: "Too many forms are being sent at once. Wait a moment, then go back and send it again.",
  };
  return html(v, platform, v.copy.title, `<p>${esc(said[e.code] ?? v.copy.unreadable)}</p>`, e.status);
}

/**
 * POST /kyc/<token>: the link (and so its platform) is checked from the URL before a byte of the body is read; the
 * form is then streamed under the document cap, UPLOAD_SECONDS and the platform's UPLOADS_PER_PLATFORM
 * (lib/server/core/multipart.ts). Then the submission, and the verification's answer, or the form again with what was
 * typed and the problems.
 */
export async function kycPageSubmit(ctx: PageCtx): Promise<RuntimeCheckedReply> {
  const v = view(ctx);
  let platform = "";
  let platformId: string;
  try {
    const link = await openKycLink(await getDb(), v.token);
    ctx.log.platformId = platformId = link.platform.id;
    platform = link.platform.name;
  } catch (e) {
    if (e instanceof ApiError) return gonePage(v);
    throw e;
  }
  const { DOCUMENT_MAX_BYTES, UPLOAD_SECONDS, UPLOADS_PER_PLATFORM } = env();
  // A document and the form's fields; a document over DOCUMENT_MAX_BYTES within that is the form's problem, not a 413.
  const maxBytes = DOCUMENT_MAX_BYTES + 64 * 1024;
  let formData: FormData;
  try {
    formData = await withUploadSlot("form", platformId, UPLOADS_PER_PLATFORM, () =>
      readMultipart(ctx.req, { maxBytes, deadlineMs: UPLOAD_SECONDS * 1000 }),
    );
  } catch (e) {
    if (e instanceof ApiError) return unreadPage(v, platform, e, maxBytes);
    throw e;
  }
  const typed = typedValues(formData);
  try {
    const { verification, redirectUri } = await submitHostedKyc(v.token, formData);
    if (verification.verificationStatus === "RESOLVE_ERRORS") {
      const problems = verificationProblems(v.copy, verification);
      // The document, when one was sent, is stored by now; ask for it again only when a document is still missing.
      const refile = problems.some((p) => p.field === "document") ? chosenFile(formData) : undefined;
      return html(v, platform, v.copy.title, formBody(v, platform, typed, problems, refile));
    }
    const status = verification.verificationStatus;
    const next = redirectUri
      ? `<p><a class="button" href="${esc(redirectUri)}">${esc(v.copy.continue)}</a></p>`
      : `<p>${esc(v.copy.close)}</p>`;
    const said = fill(v.copy.status[status] ?? status, { platform });
    return html(v, platform, v.copy.thanks, `<p id="status" data-status="${esc(status)}">${esc(said)}</p>${next}`);
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === "NOT_FOUND") return gonePage(v);
    const listed = (e.details as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? [];
    const problems = listed.length
      ? problemsOf(
          v.copy,
          listed.map((x) => ({ field: x.field, reason: x.message })),
        )
      : [{ text: e.message }];
    return html(v, platform, v.copy.title, formBody(v, platform, typed, problems, chosenFile(formData)), 400);
  }
}
