import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform, type TestPlatform } from "../../support/api";
import { ALL_TYPES, example } from "../../support/external-account-examples";

const RAILS: Record<string, string[]> = {
  USD_ACCOUNT: ["ACH", "WIRE", "RTP", "FEDNOW"],
  EUR_ACCOUNT: ["SEPA", "SEPA_INSTANT"],
  GBP_ACCOUNT: ["FASTER_PAYMENTS"],
  MXN_ACCOUNT: ["SPEI"],
  BRL_ACCOUNT: ["PIX"],
  INR_ACCOUNT: ["UPI"],
  CNY_ACCOUNT: ["MOBILE_MONEY"],
  BDT_ACCOUNT: ["BANK_TRANSFER"],
  KES_ACCOUNT: ["MOBILE_MONEY"],
  SWIFT_ACCOUNT: ["SWIFT"],
  SOLANA_WALLET: ["SOLANA"],
  LIGHTNING: ["LIGHTNING"],
};

async function create(p: TestPlatform, customerId: string, body: Record<string, unknown>) {
  return call("POST", "/customers/external-accounts", { auth: p.auth, body: { customerId, ...body } });
}

describe("external accounts: every accountInfo variant", () => {
  it("accepts one valid example of each of the 48 accountType values, with paymentRails", async () => {
    expect(ALL_TYPES).toHaveLength(48);
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    for (const type of ALL_TYPES) {
      const ex = example(type);
      const r = await create(p, customer.id, ex);
      expect(r.status, `${type}: ${JSON.stringify(r.body)}`).toBe(201);
      expect(r.body.id).toMatch(/^ExternalAccount:[0-9a-f-]{36}$/);
      expect(r.body.customerId).toBe(customer.id);
      expect(r.body.currency).toBe(ex.currency);
      expect(r.body.defaultUmaDepositAccount).toBe(false);
      expect(r.body.accountInfo.accountType).toBe(type);
      expect(r.body.accountInfo.paymentRails.length).toBeGreaterThan(0);
      if (RAILS[type]) expect(r.body.accountInfo.paymentRails).toEqual(RAILS[type]);
      if (type.endsWith("_ACCOUNT") && type !== "LIGHTNING_ACCOUNT")
        expect(r.body.beneficiaryVerificationStatus).toBe("MATCHED");
      expect(r.body.status).toBe("ACTIVE");
    }
    const all = await call("GET", `/customers/external-accounts?customerId=${customer.id}&limit=100`, { auth: p.auth });
    expect(all.body.data).toHaveLength(48);
  });

  it("lists every invalid field of a bank account at once", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const r = await create(p, customer.id, {
      currency: "usd",
      accountInfo: {
        accountType: "USD_ACCOUNT",
        routingNumber: "12345",
        bankAccountType: "BROKERAGE",
        beneficiary: { beneficiaryType: "INDIVIDUAL" },
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("INVALID_INPUT");
    const fields = r.body.details.errors.map((e: { field: string }) => e.field).sort();
    expect(fields).toEqual(
      [
        "accountInfo.accountNumber",
        "accountInfo.bankAccountType",
        "accountInfo.beneficiary.fullName",
        "accountInfo.routingNumber",
        "currency",
      ].sort(),
    );
    const routing = r.body.details.errors.find((e: { field: string }) => e.field === "accountInfo.routingNumber");
    expect(routing.constraint.pattern).toBe("^[0-9]{9}$");
  });

  it("lists every invalid field of wallet, EUR, INR, mobile-money and Lightning variants", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const cases: [Record<string, unknown>, string[]][] = [
      [
        {
          accountType: "ETHEREUM_WALLET",
          address: "0x123",
          beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "A" },
        },
        ["accountInfo.address", "accountInfo.beneficiary.countryOfResidence"],
      ],
      [
        { accountType: "SOLANA_WALLET", address: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf" },
        ["accountInfo.address"],
      ],
      [{ accountType: "TRON_WALLET", address: "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeX" }, ["accountInfo.address"]],
      [
        {
          accountType: "EUR_ACCOUNT",
          iban: "XX",
          swiftCode: "bad",
          beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Jane" },
        },
        ["accountInfo.beneficiary.countryOfResidence", "accountInfo.iban", "accountInfo.swiftCode"],
      ],
      [
        {
          accountType: "GBP_ACCOUNT",
          sortCode: "12-34-56",
          accountNumber: "1234",
          beneficiary: { beneficiaryType: "BUSINESS" },
        },
        ["accountInfo.accountNumber", "accountInfo.beneficiary.legalName", "accountInfo.sortCode"],
      ],
      [
        { accountType: "INR_ACCOUNT", ifsc: "nope", beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "A" } },
        ["accountInfo.ifsc", "accountInfo.vpa"],
      ],
      [
        {
          accountType: "KES_ACCOUNT",
          phoneNumber: "+15551234567",
          beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "A" },
        },
        ["accountInfo.phoneNumber", "accountInfo.provider"],
      ],
      [
        { accountType: "XOF_ACCOUNT", phoneNumber: "+221771234567", provider: "P", region: "FR" },
        ["accountInfo.beneficiary", "accountInfo.region"],
      ],
      [
        { accountType: "LIGHTNING", invoice: "lnbc1notbech32", lightningAddress: "no-at-sign" },
        ["accountInfo.invoice", "accountInfo.lightningAddress"],
      ],
      [{ accountType: "MARS_ACCOUNT" }, ["accountInfo.accountType"]],
    ];
    for (const [accountInfo, expected] of cases) {
      const r = await create(p, customer.id, { currency: "USD", accountInfo });
      expect(r.status, JSON.stringify(accountInfo)).toBe(400);
      const fields = [...new Set(r.body.details.errors.map((e: { field: string }) => e.field))].sort();
      expect(fields, JSON.stringify(r.body.details.errors)).toEqual(expected.sort());
    }
    // customerId is optional (Grid: without it the account is the platform's own), so an empty body lacks two fields.
    const empty = await call("POST", "/customers/external-accounts", { auth: p.auth, body: {} });
    expect(empty.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "accountInfo",
      "currency",
    ]);
  });
});

describe("external accounts: rules", () => {
  it("currency must agree with the variant; rule violations are listed together", async () => {
    const p = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer } = await newCustomer(p);
    const r = await create(p, customer.id, { currency: "EUR", accountInfo: example("ETHEREUM_WALLET").accountInfo });
    expect(r.status).toBe(400);
    expect(r.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual(["currency", "ownershipType"]);
    const usd = await create(p, customer.id, { ...example("USD_ACCOUNT"), currency: "MXN" });
    expect(usd.status).toBe(400);
    expect(usd.body.details.errors[0]).toMatchObject({ field: "currency", constraint: { enum: ["USD"] } });
  });

  it("ownershipType is optional without counterparty rules; THIRD_PARTY wallets need a beneficiary with them", async () => {
    const plain = await newPlatform();
    const { customer: c1 } = await newCustomer(plain);
    const ok = await create(plain, c1.id, example("ETHEREUM_WALLET"));
    expect(ok.status).toBe(201);
    expect(ok.body.status).toBe("ACTIVE");
    expect(ok.body.beneficiaryVerificationStatus).toBeUndefined();

    const strict = await newPlatform({ settings: { subjectToCounterpartyRules: true } });
    const { customer: c2 } = await newCustomer(strict);
    const third = await create(strict, c2.id, { ...example("BASE_WALLET"), ownershipType: "THIRD_PARTY" });
    expect(third.status).toBe(400);
    expect(third.body.details.errors[0].field).toBe("accountInfo.beneficiary");
    const custodial = await create(strict, c2.id, {
      currency: "USDC",
      accountInfo: { ...example("BASE_WALLET").accountInfo, vaspName: "Kraken" },
    });
    expect(custodial.status).toBe(201);
    expect(custodial.body.status).toBe("ACTIVE");
    const firstParty = await create(strict, c2.id, { ...example("SOLANA_WALLET"), ownershipType: "FIRST_PARTY" });
    expect(firstParty.body.status).toBe("PENDING_OWNERSHIP_VERIFICATION");
  });

  it("a duplicate account of the same customer is 409 (EVM address case-insensitively); another customer may add it", async () => {
    const p = await newPlatform();
    const { customer: a } = await newCustomer(p);
    const { customer: b } = await newCustomer(p);
    expect((await create(p, a.id, example("USD_ACCOUNT"))).status).toBe(201);
    const dup = await create(p, a.id, { ...example("USD_ACCOUNT"), platformAccountId: "other" });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("CONFLICT");
    expect((await create(p, b.id, example("USD_ACCOUNT"))).status).toBe(201);
    const w = example("ETHEREUM_WALLET");
    expect((await create(p, a.id, w)).status).toBe(201);
    const lower = await create(p, a.id, {
      ...w,
      accountInfo: { ...w.accountInfo, address: String(w.accountInfo.address).toLowerCase() },
    });
    expect(lower.status).toBe(409);
  });

  it("at most one defaultUmaDepositAccount per customer: a new default clears the old one", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const first = await create(p, customer.id, { ...example("USD_ACCOUNT"), defaultUmaDepositAccount: true });
    expect(first.body.defaultUmaDepositAccount).toBe(true);
    const second = await create(p, customer.id, { ...example("GBP_ACCOUNT"), defaultUmaDepositAccount: true });
    expect(second.body.defaultUmaDepositAccount).toBe(true);
    const again = await call("GET", `/customers/external-accounts/${first.body.id}`, { auth: p.auth });
    expect(again.body.defaultUmaDepositAccount).toBe(false);
    const platformDefault = await call("POST", "/platform/external-accounts", {
      auth: p.auth,
      body: { ...example("EUR_ACCOUNT"), defaultUmaDepositAccount: true },
    });
    expect(platformDefault.status).toBe(400);
  });

  it("a production platform's new bank account is PENDING", async () => {
    const p = await newPlatform({ environment: "PRODUCTION" });
    const { customer } = await newCustomer(p);
    const r = await create(p, customer.id, example("EUR_ACCOUNT"));
    expect(r.status).toBe(201);
    expect(r.body.status).toBe("PENDING");
    expect(r.body.beneficiaryVerificationStatus).toBe("UNSUPPORTED");
  });
});

describe("external accounts: sandbox beneficiary verification", () => {
  it("follows the last three digits of the account identifier", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const expectations: [string, string | null, string | null][] = [
      ["000000000102", "NOT_MATCHED", "Sandbox Unrelated Holder"],
      ["000000000103", "PARTIAL_MATCH", "J. Doe"],
      ["000000000104", "PENDING", null],
      ["000000000106", "UNSUPPORTED", null],
      ["000000000107", "CHECKED_BY_RECEIVING_FI", null],
      ["000000000108", "MATCHED", "Jane Doe"],
    ];
    for (const [accountNumber, status, holder] of expectations) {
      const ex = example("USD_ACCOUNT");
      const r = await create(p, customer.id, { ...ex, accountInfo: { ...ex.accountInfo, accountNumber } });
      expect(r.status).toBe(201);
      expect(r.body.beneficiaryVerificationStatus).toBe(status);
      expect(r.body.beneficiaryVerifiedData).toEqual(holder ? { fullName: holder } : undefined);
    }
    const ex = example("USD_ACCOUNT");
    const invalid = await create(p, customer.id, {
      ...ex,
      accountInfo: { ...ex.accountInfo, accountNumber: "000000000105" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe("INVALID_BANK_ACCOUNT");
  });
});

describe("external accounts: endpoints and tenancy", () => {
  it("lists with filters and pagination, gets and deletes; other platforms and scopes see 404", async () => {
    const p = await newPlatform();
    const other = await newPlatform();
    const { customer } = await newCustomer(p);
    const ids: string[] = [];
    for (const t of ["USD_ACCOUNT", "EUR_ACCOUNT", "GBP_ACCOUNT", "MXN_ACCOUNT"])
      ids.push((await create(p, customer.id, example(t))).body.id);
    const own = await call("POST", "/platform/external-accounts", { auth: p.auth, body: example("USD_ACCOUNT") });
    expect(own.status).toBe(201);
    expect(own.body.customerId).toBeNull();

    const page1 = await call("GET", "/customers/external-accounts?limit=3", { auth: p.auth });
    expect(page1.body.data).toHaveLength(3);
    expect(page1.body.hasMore).toBe(true);
    const page2 = await call("GET", `/customers/external-accounts?limit=3&cursor=${page1.body.nextCursor}`, {
      auth: p.auth,
    });
    expect(page2.body.data.map((a: { id: string }) => a.id)).toEqual([ids[3]]);
    expect(page2.body.hasMore).toBe(false);
    const eur = await call("GET", "/customers/external-accounts?currency=EUR", { auth: p.auth });
    expect(eur.body.data.map((a: { id: string }) => a.id)).toEqual([ids[1]]);
    const pending = await call("GET", "/customers/external-accounts?status=PENDING", { auth: p.auth });
    expect(pending.body.data).toEqual([]);
    const platformList = await call("GET", "/platform/external-accounts", { auth: p.auth });
    expect(platformList.body.data.map((a: { id: string }) => a.id)).toEqual([own.body.id]);

    const notFoundBody = (
      await call("GET", "/customers/external-accounts/ExternalAccount:00000000-0000-7000-8000-000000000000", {
        auth: p.auth,
      })
    ).body;
    for (const [auth, path] of [
      [other.auth, `/customers/external-accounts/${ids[0]}`],
      [p.auth, `/platform/external-accounts/${ids[0]}`],
      [p.auth, `/customers/external-accounts/${own.body.id}`],
      [p.auth, "/customers/external-accounts/not-an-id"],
    ] as const) {
      const r = await call("GET", path, { auth });
      expect(r.status).toBe(404);
      expect(r.body.code).toBe("EXTERNAL_ACCOUNT_NOT_FOUND");
      expect(r.body.message.replace(/ExternalAccount:\S+|not-an-id/, "X")).toBe(
        notFoundBody.message.replace(/ExternalAccount:\S+/, "X"),
      );
    }
    expect((await call("GET", "/customers/external-accounts", { auth: other.auth })).body.data).toEqual([]);
    expect(
      (await call("GET", `/customers/external-accounts?customerId=${customer.id}`, { auth: other.auth })).body.data,
    ).toEqual([]);
    expect((await call("DELETE", `/customers/external-accounts/${ids[0]}`, { auth: other.auth })).status).toBe(404);
    expect((await create(other, customer.id, example("USD_ACCOUNT"))).status).toBe(404);

    expect((await call("DELETE", `/customers/external-accounts/${ids[0]}`, { auth: p.auth })).status).toBe(204);
    expect((await call("GET", `/customers/external-accounts/${ids[0]}`, { auth: p.auth })).status).toBe(404);
    expect((await call("DELETE", `/customers/external-accounts/${ids[0]}`, { auth: p.auth })).status).toBe(404);
    expect((await call("GET", "/customers/external-accounts")).status).toBe(401);
  });
});

describe("external accounts: the platform's own through POST /customers/external-accounts", () => {
  it("without customerId creates the platform's account (Grid's ExternalAccountCreateRequest), listed with the platform's", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/customers/external-accounts", { auth: p.auth, body: example("GBP_ACCOUNT") });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.customerId).toBeNull();
    const platformList = await call("GET", "/platform/external-accounts", { auth: p.auth });
    expect(platformList.body.data.map((a: { id: string }) => a.id)).toEqual([r.body.id]);
    const customerList = await call("GET", "/customers/external-accounts", { auth: p.auth });
    expect(customerList.body.data).toEqual([]);
  });
});
