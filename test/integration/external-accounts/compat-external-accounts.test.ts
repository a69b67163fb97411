/** Wire compatibility with Grid's external account operations. */
import { describe, expect, it } from "vitest";
import { call, newCustomer, newPlatform } from "../../support/api";
import { expectGridShape } from "../../support/grid-shapes/check";
import { gridError, gridError400 } from "../../support/grid-shapes/common";
import {
  gridEurAccountInfo,
  gridExternalAccount,
  gridExternalAccountList,
  gridSwiftAccountInfo,
  gridUsdAccountInfo,
} from "../../support/grid-shapes/external-accounts";

/** Grid's SWIFT_ACCOUNT example (SwiftExternalAccountInfo). */
const swiftInfo = {
  accountType: "SWIFT_ACCOUNT",
  country: "DE",
  swiftCode: "DEUTDEFF",
  bankName: "Deutsche Bank",
  iban: "DE89370400440532013000",
  beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Test User", countryOfResidence: "DE" },
};

describe("compat: external accounts", () => {
  it("POST /customers/external-accounts: Grid's USD, EUR and SWIFT bodies → 201 in Grid's ExternalAccount shape", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const cases = [
      {
        currency: "USD",
        shape: gridUsdAccountInfo,
        accountInfo: {
          accountType: "USD_ACCOUNT",
          accountNumber: "12345678901",
          routingNumber: "123456789",
          bankName: "Chase Bank",
          bankAccountType: "CHECKING",
          beneficiary: {
            beneficiaryType: "INDIVIDUAL",
            fullName: "Test User",
            birthDate: "1990-01-15",
            nationality: "US",
          },
        },
      },
      {
        currency: "EUR",
        shape: gridEurAccountInfo,
        accountInfo: {
          accountType: "EUR_ACCOUNT",
          iban: "DE89370400440532013000",
          swiftCode: "DEUTDEFF",
          beneficiary: swiftInfo.beneficiary,
        },
      },
      { currency: "EUR", shape: gridSwiftAccountInfo, accountInfo: swiftInfo },
    ];
    for (const c of cases) {
      const r = await call("POST", "/customers/external-accounts", {
        auth: p.auth,
        body: {
          customerId: customer.id,
          currency: c.currency,
          platformAccountId: `ext-${c.accountInfo.accountType}`,
          ownershipType: "FIRST_PARTY",
          accountInfo: c.accountInfo,
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expectGridShape(gridExternalAccount(c.shape), r.body);
      const { beneficiary: _b, ...sent } = c.accountInfo;
      expect(r.body.accountInfo).toMatchObject(sent);
      const got = await call("GET", `/customers/external-accounts/${encodeURIComponent(r.body.id)}`, { auth: p.auth });
      expectGridShape(gridExternalAccount(c.shape), got.body);
    }
    const list = await call(
      "GET",
      `/customers/external-accounts?customerId=${encodeURIComponent(customer.id)}&currency=EUR`,
      { auth: p.auth },
    );
    expect(list.status).toBe(200);
    expectGridShape(gridExternalAccountList, list.body);
    expect(list.body.data).toHaveLength(2);
  });

  it("a field Grid does not define is refused with 400 naming it, never dropped (swiftBic is not swiftCode)", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const r = await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: {
        customerId: customer.id,
        currency: "EUR",
        nickname: "mine",
        accountInfo: { ...swiftInfo, swiftBic: "DEUTDEFF", beneficiary: { ...swiftInfo.beneficiary, middleName: "Q" } },
      },
    });
    expect(r.status).toBe(400);
    expectGridShape(gridError400, r.body);
    expect(r.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "accountInfo.beneficiary.middleName",
      "accountInfo.swiftBic",
      "nickname",
    ]);
  });

  it("Grid client 0.7.0's bank accountInfo with paymentRails and countries: checked, not stored (the rails are derived)", async () => {
    const p = await newPlatform();
    const { customer } = await newCustomer(p);
    const accountInfo = {
      accountType: "USD_ACCOUNT",
      accountNumber: "000123456789",
      routingNumber: "021000021",
      countries: ["US"],
      paymentRails: ["ACH"],
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Test User", birthDate: "1990-01-15", nationality: "US" },
    };
    const r = await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: { customerId: customer.id, currency: "USD", accountInfo },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expectGridShape(gridExternalAccount(gridUsdAccountInfo), r.body);
    expect(r.body.accountInfo.countries).toBeUndefined();
    expect(r.body.accountInfo.paymentRails.length).toBeGreaterThan(1);
    const bad = await call("POST", "/customers/external-accounts", {
      auth: p.auth,
      body: {
        customerId: customer.id,
        currency: "USD",
        accountInfo: { ...accountInfo, accountNumber: "000123456780", countries: ["usa"], paymentRails: ["SEPA"] },
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      "accountInfo.countries.0",
      "accountInfo.paymentRails.0",
    ]);
  });

  it("platform external accounts: Grid's body, shape, and DELETE answering 204", async () => {
    const p = await newPlatform();
    const r = await call("POST", "/platform/external-accounts", {
      auth: p.auth,
      body: { currency: "EUR", accountInfo: swiftInfo },
    });
    expect(r.status).toBe(201);
    expectGridShape(gridExternalAccount(gridSwiftAccountInfo), r.body, {
      // spec "External account": customerId is null when the account is on behalf of the platform.
      customerId: "null for the platform's own account (spec)",
    });
    const del = await call("DELETE", `/platform/external-accounts/${encodeURIComponent(r.body.id)}`, { auth: p.auth });
    expect(del.status).toBe(204);
  });

  it("errors in Grid's shape: 404 (with our own code, per protocol.md), 401", async () => {
    const p = await newPlatform();
    const missing = await call(
      "GET",
      "/customers/external-accounts/ExternalAccount:019542f5-b3e7-1d02-0000-000000000001",
      { auth: p.auth },
    );
    expect(missing.status).toBe(404);
    expectGridShape(gridError(404), missing.body, {
      // protocol.md "Not found": every resource has its own 404 code; Grid's list lacks this one.
      code: "EXTERNAL_ACCOUNT_NOT_FOUND (protocol.md)",
    });
    const unauth = await call("GET", "/platform/external-accounts");
    expectGridShape(gridError(401), unauth.body);
  });
});
