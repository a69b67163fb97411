import { getDb } from "@/db/client";
import { ApiError } from "@/lib/api-core/errors";
import { openKycLink } from "./open-kyc-link";
import { submitHostedKyc } from "./submit-hosted-kyc";

/**
 * The hosted KYC page behind a kyc-link's `kycUrl` (`/kyc/<token>`): a plain HTML form (no script) that the
 * end user fills in; its POST goes through the same services as PATCH /customers, POST /documents and
 * POST /verifications (lib/hosted-kyc/submit-hosted-kyc.ts). Never cached; not framed.
 */
const HEADERS = {
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-type": "text/html; charset=utf-8",
};

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function page(title: string, body: string, status = 200): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#111}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input,select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1.25rem;padding:.6rem 1.2rem;font-size:1rem}.problems{background:#fff4f4;border:1px solid #c00;padding:.5rem 1rem}
fieldset{border:1px solid #ccc;margin-top:1rem}</style></head><body><main><h1>${esc(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: HEADERS });
}

const gonePage = () =>
  page("Link expired", "<p>This verification link has expired or was already used. Ask for a new one.</p>", 404);

function field(name: string, label: string, value: unknown, extra = "") {
  return `<label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" value="${esc(value)}" ${extra}>`;
}

function form(profile: Record<string, any>, problems: string[] = []): string {
  const a = profile.address ?? {};
  const list = problems.length
    ? `<div class="problems" role="alert"><p>Please fix:</p><ul>${problems.map((p) => `<li>${esc(p)}</li>`).join("")}</ul></div>`
    : "";
  return `${list}<p>Confirm your identity. Your details go to the payments service that asked for them.</p>
<form method="post" enctype="multipart/form-data">
${field("fullName", "Full name", profile.fullName, 'required autocomplete="name"')}
${field("birthDate", "Date of birth (YYYY-MM-DD)", profile.birthDate, 'required placeholder="1990-01-31"')}
${field("nationality", "Nationality (two-letter country code)", profile.nationality, 'required maxlength="2" placeholder="DE"')}
<fieldset><legend>Address</legend>
${field("line1", "Street and number", a.line1, 'required autocomplete="address-line1"')}
${field("city", "City", a.city, 'required autocomplete="address-level2"')}
${field("postalCode", "Postal code", a.postalCode, 'required autocomplete="postal-code"')}
${field("country", "Country (two-letter code)", a.country, 'required maxlength="2"')}
</fieldset>
<fieldset><legend>US persons only</legend>
<label for="idType">Tax id type</label><select id="idType" name="idType"><option value="">—</option><option>SSN</option><option>ITIN</option></select>
${field("identifier", "Tax id number", "", 'autocomplete="off"')}
</fieldset>
<fieldset><legend>Identity document</legend>
<label for="documentType">Document type</label><select id="documentType" name="documentType"><option>PASSPORT</option><option value="NATIONAL_ID">National ID</option><option value="DRIVERS_LICENSE">Driver's license</option></select>
<label for="document">Photo or scan (PDF, JPEG or PNG)</label><input id="document" name="document" type="file" accept="application/pdf,image/jpeg,image/png">
</fieldset>
<button type="submit">Submit for verification</button>
</form>`;
}

/** GET /kyc/<token>: the form, prefilled with what the customer already has. */
export async function kycPage(token: string): Promise<Response> {
  try {
    const link = await openKycLink(await getDb(), token);
    return page("Verify your identity", form(link.customer.profile as Record<string, unknown>));
  } catch (e) {
    if (e instanceof ApiError) return gonePage();
    throw e;
  }
}

/** POST /kyc/<token>: submit, then show the verification's answer (problems listed again with the form). */
export async function kycPageSubmit(token: string, req: Request): Promise<Response> {
  let formData: FormData;
  try {
    formData = await req.formData();
  } catch {
    return page("Verify your identity", "<p>The form could not be read. Go back and try again.</p>", 400);
  }
  try {
    const { verification, redirectUri } = await submitHostedKyc(token, formData);
    if (verification.verificationStatus === "RESOLVE_ERRORS") {
      const link = await openKycLink(await getDb(), token);
      const problems = verification.errors.map((e) =>
        e.acceptedDocumentTypes
          ? `${e.reason} (${e.acceptedDocumentTypes.join(", ")})`
          : e.field
            ? `${e.field}: ${e.reason}`
            : e.reason,
      );
      return page("Verify your identity", form(link.customer.profile as Record<string, unknown>, problems), 200);
    }
    const next = redirectUri ? `<p><a href="${esc(redirectUri)}">Continue</a></p>` : "<p>You can close this page.</p>";
    return page(
      "Thank you",
      `<p id="status" data-status="${esc(verification.verificationStatus)}">Your details were submitted: ${esc(verification.verificationStatus.replace(/_/g, " ").toLowerCase())}.</p>${next}`,
    );
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    if (e.code === "NOT_FOUND") return gonePage();
    const errors = ((e.details as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? []).map(
      (x) => `${x.field}: ${x.message}`,
    );
    let profile: Record<string, unknown> = {};
    try {
      profile = (await openKycLink(await getDb(), token)).customer.profile as Record<string, unknown>;
    } catch {
      return gonePage();
    }
    return page(
      "Verify your identity",
      form({ ...profile, ...Object.fromEntries(formData.entries()) }, errors.length ? errors : [e.message]),
      400,
    );
  }
}
