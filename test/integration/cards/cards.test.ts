/**
 * Cards: issuance (KYC, funding sources, test numbers with a Luhn digit), list filters and pages,
 * freeze/unfreeze/close, limits, the single-use reveal page, PAN never in clear in the database, tenants.
 */
import { afterAll, describe, expect, inject, it } from "vitest";
import { sql } from "drizzle-orm";
import { closeDb, execRows, getDb } from "@/db/client";
import { luhnValid, SANDBOX_BIN } from "@/lib/server/cards/card-processor";
import { openExportBundle } from "@/lib/shared/crypto/web/export-bundle";
import { generateP256KeyPair } from "@/lib/shared/crypto/web/p256";
import { baseUrl, call, newPlatform, type TestPlatform } from "../../support/api";
import { cardholder, moneyCustomer } from "../../support/money";

afterAll(() => closeDb());

async function issue(p: TestPlatform, currencies = ["USD", "EUR"], extra: Record<string, unknown> = {}) {
  const c = await cardholder(p, currencies);
  const r = await call("POST", "/cards", {
    auth: p.auth,
    body: { cardholderId: c.customer.id, form: "VIRTUAL", fundingSources: [c.accounts.USD], ...extra },
  });
  return { ...c, res: r, card: r.body };
}

/** The PAN in clear, read the way only the reveal page can: through a reveal URL. */
async function revealPan(p: TestPlatform, cardId: string) {
  const r = await call("POST", `/cards/${cardId}/reveal`, { auth: p.auth });
  expect(r.status).toBe(200);
  const page = await fetch(r.body.panEmbedUrl);
  const html = await page.text();
  return {
    r,
    page,
    html,
    pan: /<div id="pan">([\d ]+)<\/div>/.exec(html)?.[1].replace(/ /g, ""),
    cvv: /id="cvv">(\d+)</.exec(html)?.[1],
  };
}

describe("cards", () => {
  it("issues an ACTIVE virtual card with a sandbox test number on the cardholder's funding source", async () => {
    const p = await newPlatform();
    const { card, res, accounts, customer } = await issue(p, ["USD"], {
      maxSpendPerTransaction: 5000,
      platformCardId: "emp-7",
    });
    expect(res.status).toBe(201);
    expect(card).toMatchObject({
      cardholderId: customer.id,
      platformCardId: "emp-7",
      state: "ACTIVE",
      stateReason: null,
      brand: "VISA",
      form: "VIRTUAL",
      fundingSources: [accounts.USD],
      maxSpendPerTransaction: 5000,
      currency: "USD",
    });
    expect(card.id).toMatch(/^Card:/);
    expect(card.last4).toMatch(/^\d{4}$/);
    expect(JSON.stringify(card)).not.toMatch(/\d{12,}/);
    const { pan, cvv } = await revealPan(p, card.id);
    expect(pan).toMatch(new RegExp(`^${SANDBOX_BIN}\\d{10}$`));
    expect(luhnValid(pan!)).toBe(true);
    expect(pan!.slice(-4)).toBe(card.last4);
    expect(cvv).toMatch(/^\d{3}$/);
    expect((await call("GET", `/cards/${card.id}`, { auth: p.auth })).body).toEqual(card);
  });

  it("the reveal URL's sealed form: details sealed to the client's key open only with it, and the URL is spent once", async () => {
    const p = await newPlatform();
    const { card } = await issue(p, ["USD"]);
    const { enclaveQuorumPublic } = (await call("GET", "/auth/enclave-key", { auth: p.auth })).body;
    const key = generateP256KeyPair();
    const other = generateP256KeyPair();
    const r = await call("POST", `/cards/${card.id}/reveal`, { auth: p.auth });
    const bad = await fetch(`${r.body.panEmbedUrl}?clientPublicKey=04zz`);
    expect(bad.status).toBe(400);
    const res = await fetch(`${r.body.panEmbedUrl}?clientPublicKey=${key.publicKeyHex}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const { encryptedCardDetails } = await res.json();
    const open = (privateKeyHex: string) =>
      openExportBundle({
        bundle: encryptedCardDetails,
        privateKeyHex,
        pinnedEnclavePublicHex: enclaveQuorumPublic,
        organizationId: p.id,
      });
    await expect(open(other.privateKeyHex)).rejects.toThrow();
    const details = JSON.parse(await open(key.privateKeyHex));
    expect(details.pan).toMatch(new RegExp(`^${SANDBOX_BIN}\\d{10}$`));
    expect(luhnValid(details.pan)).toBe(true);
    expect(details.pan.slice(-4)).toBe(card.last4);
    expect(details.cvv).toMatch(/^\d{3}$/);
    expect(encryptedCardDetails).not.toContain(details.pan);
    const again = await fetch(`${r.body.panEmbedUrl}?clientPublicKey=${key.publicKeyHex}`);
    expect(again.status).toBe(404);
    expect((await again.json()).code).toBe("CARD_REVEAL_NOT_FOUND");
  });

  it("sandbox issuance suffixes: 001 stays PROCESSING, 002 is rejected by the issuer", async () => {
    const p = await newPlatform();
    expect((await issue(p, ["USD"], { platformCardId: "x-001" })).card.state).toBe("PROCESSING");
    expect((await issue(p, ["USD"], { platformCardId: "x-002" })).card).toMatchObject({
      state: "CLOSED",
      stateReason: "ISSUER_REJECTED",
    });
  });

  it("sandbox outcomes read only names the partner chose: minted ids ending in 001, 002 or 003 issue and fund a card", async () => {
    const p = await newPlatform();
    const db = await getDb();
    const uuid = (id: string) => id.slice(id.indexOf(":") + 1);
    // The service mints every id; a test gives one the endings a random id has once in 4,096 by re-keying its row.
    const rekeyed = (id: string, end: string) => `${uuid(id).slice(0, -3)}${end}`;
    const rekeyAccount = async (id: string, end: string) => {
      await execRows(db, sql`update internal_accounts set id = ${rekeyed(id, end)} where id = ${uuid(id)}`);
      return `InternalAccount:${rekeyed(id, end)}`;
    };
    /** The cardholder moved to a copy of its row whose id ends in `end` (the original deleted), its accounts with it. */
    const rekeyCustomer = async (id: string, end: string) => {
      const [from, to] = [uuid(id), rekeyed(id, end)];
      await execRows(db, sql`update customers set deleted_at = now() where id = ${from}`);
      await execRows(
        db,
        sql`insert into customers select (jsonb_populate_record(null::customers, to_jsonb(c) || jsonb_build_object('id', ${to}::text, 'deleted_at', null))).* from customers c where id = ${from}`,
      );
      await execRows(db, sql`update internal_accounts set customer_id = ${to} where customer_id = ${from}`);
      return `Customer:${to}`;
    };
    for (const end of ["001", "002", "003"]) {
      const c = await cardholder(p, ["USD", "EUR"]);
      const cardholderId = await rekeyCustomer(c.customer.id, end);
      const usd = await rekeyAccount(c.accounts.USD, end);
      const created = await call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId, form: "VIRTUAL", fundingSources: [usd] },
      });
      expect(created.status, `${end}: ${JSON.stringify(created.body)}`).toBe(201);
      expect(created.body).toMatchObject({ cardholderId, state: "ACTIVE", stateReason: null, fundingSources: [usd] });
      const eur = await call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId, form: "VIRTUAL", fundingSources: [await rekeyAccount(c.accounts.EUR, end)] },
      });
      expect(eur.status, JSON.stringify(eur.body)).toBe(201);
      const patched = await call("PATCH", `/cards/${created.body.id}`, {
        auth: p.auth,
        body: { fundingSources: [usd] },
      });
      expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    }
    // The name the partner chose still decides: platformCardId ending in 003 refuses the funding source.
    const named = await issue(p, ["USD"], { platformCardId: "x-003" });
    expect(named.res.status).toBe(400);
    expect(named.res.body.code).toBe("FUNDING_SOURCE_INELIGIBLE");
  });

  it("refuses a cardholder whose KYC status is not APPROVED", async () => {
    const p = await newPlatform();
    const c = await call("POST", "/customers", {
      auth: p.auth,
      body: { customerType: "INDIVIDUAL", fullName: "Pending Person 001", currencies: ["USD"] },
    });
    expect(c.body.kycStatus).not.toBe("APPROVED");
    const accts = await call("GET", `/customers/internal-accounts?customerId=${encodeURIComponent(c.body.id)}`, {
      auth: p.auth,
    });
    const usd = accts.body.data.find((a: any) => a.balance.currency.code === "USD").id;
    const r = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: c.body.id, form: "VIRTUAL", fundingSources: [usd] },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("CARDHOLDER_KYC_NOT_APPROVED");
  });

  it("refuses ineligible funding sources: another customer's, mixed currencies, a non-card currency, an unknown id", async () => {
    const p = await newPlatform();
    const a = await moneyCustomer(p, ["USD", "EUR", "MXN"]);
    const b = await moneyCustomer(p, ["USD"]);
    for (const fundingSources of [
      [b.accounts.USD],
      [a.accounts.USD, a.accounts.EUR],
      [a.accounts.MXN],
      ["InternalAccount:nope"],
    ]) {
      const r = await call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId: a.customer.id, form: "VIRTUAL", fundingSources },
      });
      expect(r.status, JSON.stringify(fundingSources)).toBe(400);
      expect(r.body.code).toBe("FUNDING_SOURCE_INELIGIBLE");
    }
    const bad = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: a.customer.id, form: "PHYSICAL", fundingSources: [], x: 1 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: any) => e.field).sort()).toEqual(["form", "fundingSources", "x"].sort());
    const dup = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: a.customer.id, form: "VIRTUAL", fundingSources: [a.accounts.USD], platformCardId: "same" },
    });
    expect(dup.status).toBe(201);
    const dup2 = await call("POST", "/cards", {
      auth: p.auth,
      body: { cardholderId: a.customer.id, form: "VIRTUAL", fundingSources: [a.accounts.USD], platformCardId: "same" },
    });
    expect(dup2.status).toBe(409);
  });

  it("freezes, unfreezes, replaces funding sources, sets and clears the limit, closes for good", async () => {
    const p = await newPlatform();
    const { card, customer } = await issue(p, ["USD"]);
    const patch = (body: unknown) => call("PATCH", `/cards/${card.id}`, { auth: p.auth, body });
    expect((await patch({ state: "FROZEN" })).body.state).toBe("FROZEN");
    expect((await patch({ state: "ACTIVE" })).body.state).toBe("ACTIVE");
    expect((await patch({ maxSpendPerTransaction: 700 })).body.maxSpendPerTransaction).toBe(700);
    expect((await patch({ maxSpendPerTransaction: null })).body.maxSpendPerTransaction).toBeNull();
    const other = await moneyCustomer(p, ["USD"]);
    expect((await patch({ fundingSources: [other.accounts.USD] })).body.code).toBe("FUNDING_SOURCE_INELIGIBLE");
    expect((await patch({})).status).toBe(400);
    expect((await patch({ state: "CLOSED", maxSpendPerTransaction: 5 })).status).toBe(400);
    const closed = await patch({ state: "CLOSED" });
    expect(closed.body).toMatchObject({ state: "CLOSED", stateReason: "CLOSED_BY_PLATFORM", fundingSources: [] });
    expect((await patch({ state: "CLOSED" })).body.code).toBe("CARD_ALREADY_CLOSED");
    expect((await patch({ state: "ACTIVE" })).body.code).toBe("CARD_NOT_MUTABLE");
    const processing = (await issue(p, ["USD"], { platformCardId: "p-001" })).card;
    const r = await call("PATCH", `/cards/${processing.id}`, { auth: p.auth, body: { state: "FROZEN" } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("INVALID_STATE_TRANSITION");
    expect(customer.id).toMatch(/^Customer:/);
  });

  it("lists cards with filters and cursor pages", async () => {
    const p = await newPlatform();
    const a = await issue(p, ["USD"]);
    const made = [a.card];
    for (let i = 0; i < 4; i++) {
      const r = await call("POST", "/cards", {
        auth: p.auth,
        body: { cardholderId: a.customer.id, form: "VIRTUAL", fundingSources: [a.accounts.USD] },
      });
      made.push(r.body);
    }
    const other = await issue(p, ["USD"]);
    await call("PATCH", `/cards/${made[1].id}`, { auth: p.auth, body: { state: "FROZEN" } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const r = await call(
        "GET",
        `/cards?limit=2&cardholderId=${encodeURIComponent(a.customer.id)}${cursor ? `&cursor=${cursor}` : ""}`,
        { auth: p.auth },
      );
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((c: any) => c.id));
      cursor = r.body.hasMore ? r.body.nextCursor : undefined;
    } while (cursor);
    expect(seen.sort()).toEqual(made.map((c) => c.id).sort());
    const frozen = await call("GET", "/cards?state=FROZEN", { auth: p.auth });
    expect(frozen.body.data.map((c: any) => c.id)).toEqual([made[1].id]);
    const byAccount = await call("GET", `/cards?accountId=${encodeURIComponent(other.accounts.USD)}`, { auth: p.auth });
    expect(byAccount.body.data.map((c: any) => c.id)).toEqual([other.card.id]);
    const byPcid = await call("GET", `/cards?platformCardId=${encodeURIComponent(other.card.platformCardId)}`, {
      auth: p.auth,
    });
    expect(byPcid.body.data.map((c: any) => c.id)).toEqual([other.card.id]);
  });

  it("reveal: a single-use URL, no-store, framed only by the platform's origins, expiring within 5 minutes", async () => {
    const p = await newPlatform({ origins: ["https://wallet.example"] });
    const { card } = await issue(p, ["USD"]);
    const { r, page, pan } = await revealPan(p, card.id);
    expect(Object.keys(r.body).sort()).toEqual(["expiresAt", "panEmbedUrl"]);
    expect(new URL(r.body.panEmbedUrl).origin).toBe(new URL(baseUrl()).origin);
    const ttl = Date.parse(r.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    expect(page.status, r.body.panEmbedUrl).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors https://wallet.example");
    expect(JSON.stringify(r.body)).not.toContain(pan);
    const again = await fetch(r.body.panEmbedUrl);
    expect(again.status).toBe(404);
    expect(await again.text()).not.toContain(pan!);
    expect(again.headers.get("cache-control")).toBe("no-store");
  });

  it("keeps every PAN out of the database in clear (a dump-like scan of every table)", async () => {
    const p = await newPlatform();
    const pans: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { card } = await issue(p, ["USD"]);
      pans.push((await revealPan(p, card.id)).pan!);
    }
    process.env.DATABASE_URL = inject("databaseUrl");
    const db = await getDb();
    const tables = await execRows<{ table_name: string }>(
      db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const rows = await execRows<{ t: string }>(db, sql`select t::text as t from ${sql.identifier(table_name)} t`);
      const dump = rows.map((r) => r.t).join("\n");
      for (const pan of pans) {
        expect(dump.includes(pan), `PAN in clear in ${table_name}`).toBe(false);
        expect(dump.includes(pan.slice(0, 12)), `PAN prefix in ${table_name}`).toBe(false);
      }
    }
  });

  it("keeps tenants apart: another platform's card is CARD_NOT_FOUND everywhere and never listed", async () => {
    const p = await newPlatform();
    const q = await newPlatform();
    const { card, accounts } = await issue(p, ["USD"]);
    for (const [m, path, body] of [
      ["GET", `/cards/${card.id}`, undefined],
      ["PATCH", `/cards/${card.id}`, { state: "FROZEN" }],
      ["POST", `/cards/${card.id}/reveal`, undefined],
    ] as const) {
      const r = await call(m, path, { auth: q.auth, body });
      expect(r.status, path).toBe(404);
      expect(r.body.code).toBe("CARD_NOT_FOUND");
    }
    expect((await call("GET", "/cards", { auth: q.auth })).body.data).toEqual([]);
    expect(
      (await call("GET", `/cards?accountId=${encodeURIComponent(accounts.USD)}`, { auth: q.auth })).body.data,
    ).toEqual([]);
    const qc = await moneyCustomer(q, ["USD"]);
    const cross = await call("POST", "/cards", {
      auth: q.auth,
      body: { cardholderId: qc.customer.id, form: "VIRTUAL", fundingSources: [accounts.USD] },
    });
    expect(cross.body.code).toBe("FUNDING_SOURCE_INELIGIBLE");
  });
  it("PATCH /config takes Grid's cardTokenization2faConfig: stored, merged field by field, validated, cleared by null", async () => {
    const p = await newPlatform();
    const cfg = {
      displayName: "Acme",
      logoUrl: "https://acme.com/card-email-logo.png",
      email: {
        fromAddress: "cards@acme.com",
        fromName: "Acme Cards",
        replyToAddress: "support@acme.com",
        subject: "Your code",
        bodyText: "Use this code.",
      },
      sms: { templateSid: "HJaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", bodyText: "Use this code." },
    };
    const r = await call("PATCH", "/config", { auth: p.auth, body: { cardTokenization2faConfig: cfg } });
    expect(r.status).toBe(200);
    expect(r.body.cardTokenization2faConfig).toEqual(cfg);
    const partial = await call("PATCH", "/config", {
      auth: p.auth,
      body: { cardTokenization2faConfig: { email: { subject: "New subject" } } },
    });
    expect(partial.body.cardTokenization2faConfig).toEqual({ ...cfg, email: { ...cfg.email, subject: "New subject" } });
    expect((await call("GET", "/config", { auth: p.auth })).body.cardTokenization2faConfig.email.subject).toBe(
      "New subject",
    );
    const bad = await call("PATCH", "/config", {
      auth: p.auth,
      body: {
        cardTokenization2faConfig: { logoUrl: "http://acme.com/x.png", email: { fromAddress: "nope" }, colour: "red" },
      },
    });
    expect(bad.status).toBe(400);
    const fields = bad.body.details.errors.map((e: any) => e.field).join(" ");
    for (const f of ["logoUrl", "fromAddress", "colour"]) expect(fields).toContain(f);
    expect(
      (await call("PATCH", "/config", { auth: p.auth, body: { cardTokenization2faConfig: null } })).body
        .cardTokenization2faConfig,
    ).toBeUndefined(); // cleared: GET /config omits it, as Grid does until set
  });
});
