import { countryOptions } from "./countries";
import { fill, KYC_LOCALES, type KycCopy, type KycLocale } from "./kyc-page-copy";

/**
 * The hosted KYC page's HTML: a plain form (no script) in the look of the example wallet (its slate palette,
 * accent, logo, rounded cards; light or dark following the system), every field with a label and a sentence
 * that explains it, problems listed on top (each a link to its field) and again under the field.
 */
export interface KycFormValues {
  fullName?: string;
  birthDate?: string;
  nationality?: string;
  line1?: string;
  city?: string;
  postalCode?: string;
  country?: string;
  idType?: string;
  identifier?: string;
  documentType?: string;
}

/** A problem to show: the field it belongs to (a form field name, "document", or none) and its sentence. */
export interface KycProblem {
  field?: keyof KycFormValues | "document";
  text: string;
}

export const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const CSS = `
:root{color-scheme:light dark;--bg:#f8fafc;--card:#fff;--fg:#0f172a;--muted:#475569;--line:#cbd5e1;--accent:#1d4ed8;--accent-fg:#fff;--bad:#b91c1c;--bad-bg:#fef2f2;--bad-line:#fca5a5;--note-bg:#eff6ff;--note-line:#bfdbfe}
@media (prefers-color-scheme:dark){:root{--bg:#020617;--card:#0f172a;--fg:#f1f5f9;--muted:#cbd5e1;--line:#475569;--accent:#93c5fd;--accent-fg:#0f172a;--bad:#fca5a5;--bad-bg:#450a0a;--bad-line:#b91c1c;--note-bg:#172554;--note-line:#1e40af}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;-webkit-font-smoothing:antialiased}
header{background:var(--card);border-bottom:1px solid var(--line)}
.bar{max-width:40rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.75rem;align-items:center;justify-content:space-between}
.brand{display:flex;align-items:center;gap:.5rem;font-weight:600;font-size:1.125rem}
nav a{color:var(--fg);margin-left:.75rem;font-size:.875rem}
nav a[aria-current]{font-weight:700;text-decoration:none}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;margin:0 0 .5rem;letter-spacing:-.01em}
.card{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1rem 1.25rem;margin-top:1rem}
fieldset.card{min-width:0}
legend{font-weight:600;padding:0 .25rem}
label{display:block;margin:.9rem 0 .2rem;font-weight:600}
.hint{display:block;color:var(--muted);font-size:.875rem;margin:0 0 .35rem}
input,select{width:100%;padding:.55rem .6rem;font-size:1rem;border:1px solid var(--line);border-radius:.5rem;background:var(--card);color:var(--fg)}
input[type=file]{padding:.4rem}
input:focus,select:focus,button:focus,a:focus{outline:3px solid var(--accent);outline-offset:2px}
[aria-invalid=true]{border-color:var(--bad);border-width:2px}
.err{display:block;color:var(--bad);font-size:.875rem;font-weight:600;margin:.25rem 0 0}
.problems{background:var(--bad-bg);border:1px solid var(--bad-line);border-radius:.75rem;padding:.75rem 1rem;margin-top:1rem}
.problems p{margin:0 0 .25rem;font-weight:600}.problems ul{margin:0;padding-left:1.25rem}.problems a{color:var(--fg)}
.note{background:var(--note-bg);border:1px solid var(--note-line);border-radius:.5rem;padding:.5rem .75rem;font-size:.875rem;margin:.5rem 0 0}
button{margin-top:1.25rem;padding:.65rem 1.25rem;font-size:1rem;font-weight:600;border:0;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);cursor:pointer;width:100%}
.small{color:var(--muted);font-size:.875rem;margin-top:1rem}
a.button{display:inline-block;margin-top:1rem;padding:.65rem 1.25rem;border-radius:.5rem;background:var(--accent);color:var(--accent-fg);font-weight:600;text-decoration:none}
@media (min-width:40rem){button{width:auto}.row{display:grid;grid-template-columns:1fr 1fr;gap:0 1rem}}
`;

/** The whole page: header (logo, platform name, language links), then the body. */
export function kycHtml(o: {
  locale: KycLocale;
  copy: KycCopy;
  platform: string;
  title: string;
  body: string;
  path: string;
}) {
  const langNames: Record<KycLocale, string> = { en: "English", de: "Deutsch" };
  const langs = KYC_LOCALES.map(
    (l) =>
      `<a href="${esc(`${o.path}?lang=${l}`)}" lang="${l}" hreflang="${l}"${l === o.locale ? ' aria-current="true"' : ""}>${langNames[l]}</a>`,
  ).join("");
  return `<!doctype html><html lang="${o.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(o.title)} · ${esc(o.platform)}</title><link rel="icon" href="/logo.svg" type="image/svg+xml"><style>${CSS}</style></head><body>
<header><div class="bar"><span class="brand"><img src="/logo.svg" alt="" width="28" height="28"><span>${esc(o.platform)}</span></span>
<nav aria-label="${esc(o.copy.language)}">${langs}</nav></div></header>
<main id="main"><h1>${esc(o.title)}</h1>${o.body}</main></body></html>`;
}

function problemFor(problems: KycProblem[], field: string): KycProblem | undefined {
  return problems.find((p) => p.field === field);
}

function describedBy(id: string, hint: boolean, problem: boolean, extra?: string): string {
  const ids = [hint ? `${id}-hint` : "", problem ? `${id}-error` : "", extra ?? ""].filter(Boolean).join(" ");
  return ids ? ` aria-describedby="${ids}"` : "";
}

function control(
  id: keyof KycFormValues | "document",
  label: string,
  hint: string | undefined,
  problems: KycProblem[],
  input: (attrs: string) => string,
  extraDescription?: string,
): string {
  const p = problemFor(problems, id);
  const attrs = `id="${id}" name="${id}"${describedBy(id, !!hint, !!p, extraDescription)}${p ? ' aria-invalid="true"' : ""}`;
  return `<label for="${id}">${esc(label)}</label>${hint ? `<span class="hint" id="${id}-hint">${esc(hint)}</span>` : ""}${input(attrs)}${
    p ? `<span class="err" id="${id}-error">${esc(p.text)}</span>` : ""
  }`;
}

const text = (v: KycFormValues, name: keyof KycFormValues, extra: string) => (attrs: string) =>
  `<input ${attrs} value="${esc(v[name])}" ${extra}>`;

function select(options: [string, string][], selected: string | undefined, placeholder?: string) {
  return (attrs: string) =>
    `<select ${attrs}>${placeholder !== undefined ? `<option value="">${esc(placeholder)}</option>` : ""}${options
      .map(
        ([value, label]) =>
          `<option value="${esc(value)}"${value === selected ? " selected" : ""}>${esc(label)}</option>`,
      )
      .join("")}</select>`;
}

/** The form, filled with `values`; `problems` listed on top and under their fields; `refile` names a file to choose again. */
export function kycForm(o: {
  copy: KycCopy;
  locale: KycLocale;
  platform: string;
  values: KycFormValues;
  problems: KycProblem[];
  refile?: string;
  action: string;
}): string {
  const { copy: c, values: v, problems } = o;
  const countries = countryOptions(o.locale);
  const today = new Date().toISOString().slice(0, 10);
  const summary = problems.length
    ? `<div class="problems" role="alert" id="problems"><p>${esc(c.fixIntro)}</p><ul>${problems
        .map((p) => `<li>${p.field ? `<a href="#${p.field}">${esc(p.text)}</a>` : esc(p.text)}</li>`)
        .join("")}</ul></div>`
    : "";
  const refile = o.refile ? `<p class="note" id="document-refile">${esc(fill(c.refile, { name: o.refile }))}</p>` : "";
  return `<p>${esc(fill(c.intro, { platform: o.platform }))}</p>${summary}
<form method="post" enctype="multipart/form-data" action="${esc(o.action)}">
<div class="card">
${control("fullName", c.fullName, c.fullNameHint, problems, text(v, "fullName", 'required autocomplete="name"'))}
${control("birthDate", c.birthDate, c.birthDateHint, problems, text(v, "birthDate", `type="date" required autocomplete="bday" min="1900-01-01" max="${today}"`))}
${control("nationality", c.nationality, c.nationalityHint, problems, (a) => select(countries, v.nationality, c.choose)(`${a} required`))}
</div>
<fieldset class="card"><legend>${esc(c.address)}</legend><span class="hint">${esc(c.addressHint)}</span>
${control("line1", c.line1, undefined, problems, text(v, "line1", 'required autocomplete="address-line1"'))}
<div class="row"><div>${control("postalCode", c.postalCode, undefined, problems, text(v, "postalCode", 'required autocomplete="postal-code"'))}</div>
<div>${control("city", c.city, undefined, problems, text(v, "city", 'required autocomplete="address-level2"'))}</div></div>
${control("country", c.country, undefined, problems, (a) => select(countries, v.country, c.choose)(`${a} required autocomplete="country"`))}
</fieldset>
<fieldset class="card"><legend>${esc(c.document)}</legend><span class="hint">${esc(c.documentHint)}</span>
${control(
  "documentType",
  c.documentType,
  undefined,
  problems,
  select(
    [
      ["PASSPORT", c.PASSPORT],
      ["NATIONAL_ID", c.NATIONAL_ID],
      ["DRIVERS_LICENSE", c.DRIVERS_LICENSE],
    ],
    v.documentType ?? "PASSPORT",
  ),
)}
${control(
  "document",
  c.file,
  undefined,
  problems,
  (a) => `<input ${a} type="file" accept="application/pdf,image/jpeg,image/png">`,
  o.refile ? "document-refile" : undefined,
)}
${refile}
</fieldset>
<fieldset class="card"><legend>${esc(c.tax)}</legend><span class="hint">${esc(c.taxHint)}</span>
${control(
  "idType",
  c.idType,
  undefined,
  problems,
  select(
    [
      ["", c.idTypeNone],
      ["SSN", c.SSN],
      ["ITIN", c.ITIN],
    ],
    v.idType ?? "",
  ),
)}
${control("identifier", c.identifier, undefined, problems, text(v, "identifier", 'autocomplete="off" inputmode="numeric"'))}
</fieldset>
<button type="submit">${esc(c.submit)}</button>
</form>
<p class="small">${esc(fill(c.privacy, { platform: o.platform }))}</p>`;
}
