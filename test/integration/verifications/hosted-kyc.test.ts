import { describe, expect, it } from "vitest";
import { baseUrl, call, newPlatform, type TestPlatform } from "../../support/api";
import { bare, sql } from "../../support/credentials";
import { PNG } from "../../support/compliance";

/**
 * The hosted KYC page behind POST /customers/{id}/kyc-link's kycUrl: a form that goes through the same
 * customer, document and verification services as the API (sandbox suffix rules included).
 */
const paperworkPlatform = () => newPlatform({ settings: { skipVerificationPaperwork: false } as never });

async function linkFor(p: TestPlatform, fullName = "Jane Doe", redirectUri?: string) {
  const c = await call("POST", "/customers", { auth: p.auth, body: { customerType: "INDIVIDUAL", fullName } });
  expect(c.status).toBe(201);
  const l = await call("POST", `/customers/${c.body.id}/kyc-link`, {
    auth: p.auth,
    body: redirectUri ? { redirectUri } : {},
  });
  expect(l.status).toBe(201);
  // The URL's origin is this service (PUBLIC_URL, else this server on loopback by PORT): open it on the test server.
  const path = new URL(l.body.kycUrl).pathname;
  return { customerId: c.body.id as string, url: `${baseUrl()}${path}` };
}

function kycForm(fields: Record<string, string>, document?: Buffer) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (document) f.set("document", new Blob([new Uint8Array(document)], { type: "image/png" }), "passport.png");
  return f;
}

const FIELDS = {
  fullName: "Jane Doe",
  birthDate: "1990-01-31",
  nationality: "DE",
  line1: "1 Hauptstr.",
  city: "Berlin",
  postalCode: "10115",
  country: "DE",
  documentType: "PASSPORT",
};

describe("hosted KYC page (kycUrl)", () => {
  it("serves a form; a submission without a document lists what is missing and keeps the link; a complete one is decided and spends it", async () => {
    const p = await paperworkPlatform();
    const { customerId, url } = await linkFor(p, "Jane Doe", "https://app.example.com/done");
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    // Served through the handler edge: every request has its request id (and its one log line).
    expect(page.headers.get("request-trace-id")).toMatch(/^[0-9a-f-]{36}$/);
    const html = await page.text();
    expect(html).toContain('<form method="post" enctype="multipart/form-data"');
    expect(html).toContain('value="Jane Doe"');
    // A date input and a country list, each field explained in words.
    expect(html).toMatch(/<input id="birthDate" name="birthDate"[^>]* type="date"/);
    expect(html).toContain('<option value="DE">Germany</option>');
    expect(html).toContain("The country that issued your passport or identity card.");

    const bad = await fetch(url, {
      method: "POST",
      body: kycForm({ ...FIELDS, birthDate: "31.01.1990", nationality: "Germany" }),
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    // Each problem in words under its field (no API field names in the text); what was typed stays.
    expect(badHtml).toMatch(
      /id="birthDate" name="birthDate" aria-describedby="birthDate-hint birthDate-error" aria-invalid="true"/,
    );
    expect(badHtml).toContain("Enter your date of birth: day, month and year, in the past.");
    expect(badHtml).toContain("Choose your nationality from the list.");
    expect(badHtml).not.toContain("birthDate:");
    expect(badHtml).toContain('value="1 Hauptstr."');
    expect(badHtml).toContain('<option value="DE" selected>Germany</option>');

    const noDoc = await fetch(url, { method: "POST", body: kycForm(FIELDS) });
    expect(noDoc.status).toBe(200);
    const noDocHtml = await noDoc.text();
    expect(noDocHtml).toContain(
      "Upload a photo or scan of your passport, identity card or driving licence (PDF, JPEG or PNG).",
    );
    const c1 = await call("GET", `/customers/${customerId}`, { auth: p.auth });
    expect(c1.body).toMatchObject({ birthDate: "1990-01-31", nationality: "DE", kycStatus: "UNVERIFIED" });

    const done = await fetch(url, { method: "POST", body: kycForm(FIELDS, PNG) });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain('data-status="APPROVED"');
    expect(doneHtml).toContain("Your identity is confirmed.");
    expect(doneHtml).toContain('href="https://app.example.com/done"');
    expect((await call("GET", `/customers/${customerId}`, { auth: p.auth })).body.kycStatus).toBe("APPROVED");
    const docs = await call("GET", `/documents?documentHolder=${encodeURIComponent(customerId)}`, { auth: p.auth });
    expect(docs.body.data.map((d: any) => d.documentType)).toEqual(["PASSPORT"]);
    const verifications = await call("GET", `/verifications?customerId=${encodeURIComponent(customerId)}`, {
      auth: p.auth,
    });
    expect(verifications.body.data.map((v: any) => v.verificationStatus).sort()).toEqual([
      "APPROVED",
      "RESOLVE_ERRORS",
    ]);

    const [link] = await sql((q) => q`select used_at from kyc_links where customer_id = ${bare(customerId)}`);
    expect(link.used_at).not.toBeNull();
    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, { method: "POST", body: kycForm(FIELDS, PNG) })).status).toBe(404);
  });

  it("speaks German by Accept-Language or ?lang=de, and after a refusal asks for the chosen file again", async () => {
    const p = await paperworkPlatform();
    const { url } = await linkFor(p, "Greta Gast");
    const de = await (await fetch(url, { headers: { "accept-language": "de-DE,de;q=0.9" } })).text();
    expect(de).toContain('<html lang="de">');
    expect(de).toContain("Identität bestätigen");
    expect(de).toContain('<option value="DE">Deutschland</option>');
    const en = await (await fetch(`${url}?lang=en`, { headers: { "accept-language": "de" } })).text();
    expect(en).toContain("Verify your identity");
    const refused = await fetch(`${url}?lang=de`, {
      method: "POST",
      body: kycForm({ ...FIELDS, fullName: "Greta Gast", birthDate: "31.01.1990" }, PNG),
    });
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain("Geben Sie Ihr Geburtsdatum ein");
    expect(html).toContain("Wählen Sie „passport.png“ bitte erneut.");
    expect(html).toContain('value="Greta Gast"');
    expect(html).toContain(`action="${new URL(url).pathname}?lang=de"`);
  });

  it("the sandbox suffix rules apply (002 → REJECTED); unknown and malformed tokens are 404", async () => {
    const p = await paperworkPlatform();
    const { customerId, url } = await linkFor(p, "Rex Reject 002");
    const r = await fetch(url, { method: "POST", body: kycForm({ ...FIELDS, fullName: "Rex Reject 002" }, PNG) });
    expect(await r.text()).toContain('data-status="REJECTED"');
    expect((await call("GET", `/customers/${customerId}`, { auth: p.auth })).body.kycStatus).toBe("REJECTED");
    expect((await fetch(`${baseUrl()}/kyc/${"A".repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/kyc/short`)).status).toBe(404);
  });
});
