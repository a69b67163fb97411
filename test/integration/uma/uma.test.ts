import { describe, expect, it } from "vitest";
import { call, newPlatform, type TestPlatform } from "../../support/api";
import { fund, moneyCustomer, quoteBody, usdExternal } from "../../support/money";

async function umaCustomer(p: TestPlatform, handle: string) {
  const umaAddress = `$${handle}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@uma.example.com`;
  const r = await call("POST", "/customers", {
    auth: p.auth,
    body: { customerType: "INDIVIDUAL", fullName: "Uma User", umaAddress, currencies: ["EUR"] },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return { customer: r.body, umaAddress };
}

describe("UMA invitations", () => {
  it("create, read from the invitee's platform, claim once (concurrent claims: one winner), INVITATION.CLAIMED to the inviter", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const inviter = await umaCustomer(a, "alice");
    const inv = await call("POST", "/invitations", {
      auth: a.auth,
      body: { inviterUma: inviter.umaAddress, firstName: "Alice", amountToSend: 1250 },
    });
    expect(inv.status, JSON.stringify(inv.body)).toBe(201);
    expect(inv.body).toMatchObject({
      status: "PENDING",
      inviterUma: inviter.umaAddress,
      firstName: "Alice",
      amountToSend: { amount: 1250, currency: { code: "EUR" } },
      url: `https://uma.me/i/${inv.body.code}`,
    });
    const code = inv.body.code;
    expect((await call("GET", `/invitations/${code}`, { auth: b.auth })).body.status).toBe("PENDING");

    const bob = await umaCustomer(b, "bob");
    const carol = await umaCustomer(a, "carol");
    const claims = await Promise.all([
      call("POST", `/invitations/${code}/claim`, { auth: b.auth, body: { inviteeUma: bob.umaAddress } }),
      call("POST", `/invitations/${code}/claim`, { auth: a.auth, body: { inviteeUma: carol.umaAddress } }),
      call("POST", `/invitations/${code}/claim`, { auth: b.auth, body: { inviteeUma: bob.umaAddress } }),
      call("POST", `/invitations/${code}/claim`, { auth: a.auth, body: { inviteeUma: carol.umaAddress } }),
    ]);
    const statuses = claims.map((c) => c.status);
    expect(
      statuses.filter((s) => s === 200),
      JSON.stringify(statuses),
    ).toHaveLength(1);
    // Grid's Error400 code for a claim of a claimed invitation.
    expect(statuses.filter((s) => s === 400)).toHaveLength(3);
    for (const c of claims.filter((x) => x.status === 400))
      expect(c.body).toMatchObject({ code: "INVITATION_ALREADY_CLAIMED", details: { status: "CLAIMED" } });
    const winner = claims.find((c) => c.status === 200)!.body;
    const final = await call("GET", `/invitations/${code}`, { auth: a.auth });
    expect(final.body).toMatchObject({
      status: "CLAIMED",
      inviteeUma: winner.inviteeUma,
      claimedAt: expect.any(String),
    });
    await expect
      .poll(
        async () =>
          (await call("GET", "/webhooks/deliveries?eventType=INVITATION.CLAIMED", { auth: a.auth })).body.data.length,
      )
      .toBe(1);
    expect(
      (await call("GET", "/webhooks/deliveries?eventType=INVITATION.CLAIMED", { auth: b.auth })).body.data,
    ).toEqual([]);
    expect(await call("POST", `/invitations/${code}/cancel`, { auth: a.auth })).toMatchObject({
      status: 400,
      body: { code: "INVITATION_ALREADY_CLAIMED", details: { status: "CLAIMED" } },
    });
  });

  it("inviter and invitee must be the platform's customers; cancel is the inviter platform's alone; expired invitations cannot be claimed", async () => {
    const a = await newPlatform();
    const b = await newPlatform();
    const inviter = await umaCustomer(a, "dan");
    const foreign = await call("POST", "/invitations", { auth: b.auth, body: { inviterUma: inviter.umaAddress } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details.errors[0].field).toBe("inviterUma");
    expect((await call("POST", "/invitations", { auth: a.auth, body: { inviterUma: "not-uma" } })).status).toBe(400);

    const inv = (await call("POST", "/invitations", { auth: a.auth, body: { inviterUma: inviter.umaAddress } })).body;
    expect(
      (await call("POST", `/invitations/${inv.code}/claim`, { auth: b.auth, body: { inviteeUma: inviter.umaAddress } }))
        .status,
    ).toBe(400);
    const otherCancel = await call("POST", `/invitations/${inv.code}/cancel`, { auth: b.auth });
    expect(otherCancel).toMatchObject({ status: 404, body: { code: "INVITATION_NOT_FOUND" } });
    const cancelled = await call("POST", `/invitations/${inv.code}/cancel`, { auth: a.auth });
    expect(cancelled.body.status).toBe("CANCELLED");
    const eve = await umaCustomer(b, "eve");
    expect(
      await call("POST", `/invitations/${inv.code}/claim`, { auth: b.auth, body: { inviteeUma: eve.umaAddress } }),
    ).toMatchObject({ status: 400, body: { code: "INVITATION_CANCELLED", details: { status: "CANCELLED" } } });
    expect(await call("POST", `/invitations/${inv.code}/cancel`, { auth: a.auth })).toMatchObject({
      status: 400,
      body: { code: "INVITATION_CANCELLED", details: { status: "CANCELLED" } },
    });

    const soon = new Date(Date.now() + 1500).toISOString();
    const short = (
      await call("POST", "/invitations", { auth: a.auth, body: { inviterUma: inviter.umaAddress, expiresAt: soon } })
    ).body;
    await new Promise((r) => setTimeout(r, 1600));
    expect((await call("GET", `/invitations/${short.code}`, { auth: a.auth })).body.status).toBe("EXPIRED");
    expect(
      await call("POST", `/invitations/${short.code}/claim`, { auth: b.auth, body: { inviteeUma: eve.umaAddress } }),
    ).toMatchObject({
      status: 400,
      body: { code: "INVALID_INPUT", details: { status: "EXPIRED", reason: "INVITATION_EXPIRED" } },
    });
    expect((await call("GET", "/invitations/0000000000", { auth: a.auth })).body.code).toBe("INVITATION_NOT_FOUND");
  });
});

describe("receiver lookups and UMA providers", () => {
  it.each([
    ["$success.usd@sandbox.uma.money", "USD"],
    ["$success.eur@sandbox.uma.money", "EUR"],
    ["$success.mxn@sandbox.uma.money", "MXN"],
    ["$pending.long.usd@sandbox.uma.money", "USD"],
    ["$fail.compliance.usd@sandbox.uma.money", "USD"],
  ])("the sandbox counterparty answers %s in %s", async (address, currency) => {
    const p = await newPlatform();
    const r = await call("GET", `/receiver/uma/${encodeURIComponent(address)}`, { auth: p.auth });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({
      receiverUmaAddress: address,
      lookupId: expect.stringMatching(/^Lookup:/),
      supportedCurrencies: [{ currency: { code: currency }, estimatedExchangeRate: expect.any(Number), min: 1 }],
      requiredPayerDataFields: expect.arrayContaining([{ name: "FULL_NAME", mandatory: true }]),
    });
  });

  it("unknown sandbox receivers → UMA_NOT_FOUND, malformed → 400, production → 424; quotes check lookupId; external accounts isolated", async () => {
    const p = await newPlatform();
    expect(
      (
        await call("GET", `/receiver/uma/${encodeURIComponent("$non.existent.usd@sandbox.uma.money")}`, {
          auth: p.auth,
        })
      ).body.code,
    ).toBe("UMA_NOT_FOUND");
    // Another domain is another VASP, asked over the real protocol: none answers there (and this platform has no umaDomain).
    expect(
      (await call("GET", `/receiver/uma/${encodeURIComponent("$someone@elsewhere.example")}`, { auth: p.auth })).body
        .code,
    ).toBe("LNURLP_REQUEST_FAILED");
    expect((await call("GET", "/receiver/uma/not-an-address", { auth: p.auth })).status).toBe(400);
    const prod = await newPlatform({ environment: "PRODUCTION" });
    const r424 = await call("GET", `/receiver/uma/${encodeURIComponent("$success.usd@sandbox.uma.money")}`, {
      auth: prod.auth,
    });
    expect(r424).toMatchObject({ status: 424, body: { code: "LNURLP_REQUEST_FAILED" } });

    const c = await moneyCustomer(p, ["USD"]);
    await fund(p, c.accounts.USD, 10_000);
    const ext = await usdExternal(p, c.customer.id);
    const look = await call("GET", `/receiver/external-account/${ext}?customerId=${c.customer.id}`, { auth: p.auth });
    expect(look.body).toMatchObject({
      accountId: ext,
      supportedCurrencies: [{ currency: { code: "USD" }, estimatedExchangeRate: 1 }],
    });
    const ok = await call("POST", "/quotes", {
      auth: p.auth,
      body: { ...quoteBody(c.accounts.USD, ext, 100), lookupId: look.body.lookupId },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const unknown = await call("POST", "/quotes", {
      auth: p.auth,
      body: { ...quoteBody(c.accounts.USD, ext, 100), lookupId: "Lookup:00000000-0000-7000-8000-000000000000" },
    });
    expect(unknown).toMatchObject({ status: 404, body: { code: "LOOKUP_REQUEST_NOT_FOUND" } });

    const b = await newPlatform();
    expect((await call("GET", `/receiver/external-account/${ext}`, { auth: b.auth })).body.code).toBe(
      "EXTERNAL_ACCOUNT_NOT_FOUND",
    );
    const bc = await moneyCustomer(b, ["USD"]);
    const bExt = await usdExternal(b, bc.customer.id);
    const stolen = await call("POST", "/quotes", {
      auth: b.auth,
      body: { ...quoteBody(bc.accounts.USD, bExt, 100), lookupId: look.body.lookupId },
    });
    expect(stolen.body.code).toBe("LOOKUP_REQUEST_NOT_FOUND");
  });

  it("lists UMA providers from the directory, filtered and paginated", async () => {
    const p = await newPlatform();
    const all = await call("GET", "/uma-providers", { auth: p.auth });
    expect(all.body.data.map((x: any) => x.domain)).toContain("sandbox.uma.money");
    expect(all.body.data[0]).toMatchObject({
      allowListStatus: true,
      supportedCurrencies: expect.arrayContaining([
        { code: "USD", name: expect.any(String), symbol: expect.any(String), decimals: 2 },
      ]),
    });
    const mx = await call("GET", "/uma-providers?countryCode=MX&currencyCode=mxn", { auth: p.auth });
    expect(mx.body.data.map((x: any) => x.domain)).toEqual(["sandbox.uma.money"]);
    const one = await call("GET", "/uma-providers?limit=1", { auth: p.auth });
    expect(one.body).toMatchObject({ hasMore: true, totalCount: all.body.totalCount });
  });
});
