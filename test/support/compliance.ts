/** Helpers for KYC/KYB tests. */
import { api, type Res, type TestPlatform } from "./api";

/** A complete beneficial owner `personalInfo` (a US person). */
export const ownerInfo = (extra: Record<string, unknown> = {}) => ({
  firstName: "Olivia",
  lastName: "Owner",
  birthDate: "1980-02-03",
  nationality: "US",
  address: { line1: "1 Main St", city: "Austin", postalCode: "73301", country: "US" },
  idType: "SSN",
  identifier: "987-65-4321",
  ...extra,
});

/** The smallest valid PNG (1×1), a JPEG start and a PDF carrying `marker` in its text. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0\x01\x01\0\0\x01\0\x01\0\0"),
  Buffer.alloc(64),
]);
export const pdf = (marker = "sandbox document") =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Marker (${marker}) >> endobj\ntrailer << >>\n%%EOF\n`);

/** POST (or PUT to `path`) a document as multipart/form-data. */
export async function sendDocument(
  p: TestPlatform,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name?: string; type?: string } | null = { bytes: pdf() },
  opts: { method?: string; path?: string; base?: string } = {},
): Promise<Res> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file)
    form.set(
      "file",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }),
      file.name ?? "doc.pdf",
    );
  const res = await fetch(`${opts.base ?? api()}${opts.path ?? "/documents"}`, {
    method: opts.method ?? "POST",
    headers: { authorization: p.auth },
    body: form,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body, headers: res.headers };
}

/** Upload one document of `documentType` for `holder`; throws unless 201. */
export async function uploadDoc(p: TestPlatform, holder: string, documentType: string, bytes: Uint8Array = pdf()) {
  const r = await sendDocument(p, { documentHolder: holder, documentType, country: "US" }, { bytes });
  if (r.status !== 201) throw new Error(`document: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body as { id: string };
}
