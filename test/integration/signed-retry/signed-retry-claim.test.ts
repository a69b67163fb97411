/**
 * The signed retry's hot path (lib/server/signed-retry/run-signed-retry.ts `claimAndJudge`), in process on the suite's
 * PostgreSQL database: the request is claimed (the PENDING row locked) by the first statement of the transaction
 * that applies the effect, judged, and committed only if every check passed; the UPDATE that writes it CONSUMED with
 * its terminal answer travels with the COMMIT. These tests pin what that order must not change: a refusal leaves the
 * request as it was, exactly one of concurrent retries runs the effect, an answer that cannot be stored takes the
 * effect and the claim with it, and the judgement writes the request's row once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db/client";
import { authMethods, authSessions, internalAccounts, platforms, signedRequests } from "@/db/schema";
import { reply } from "@/lib/server/core/reply";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { generateP256KeyPair, makeStamp } from "@/lib/shared/crypto/web";
import { createCustomer } from "@/lib/server/customers/create-customer";
import { newUuid, parseId } from "@/lib/shared/ids";
import { toPrincipal } from "@/lib/server/platforms/platform-row";
import { issueNextLeg } from "@/lib/server/signed-retry/issue-challenge";
import { runSignedRetry } from "@/lib/server/signed-retry/run-signed-retry";
import {
  REPLAYED_HEADER,
  type SignedOperation,
  type SignedRequestRow,
} from "@/lib/server/signed-retry/signed-operation";
import { newPlatform } from "../../support/api";

let platform: PlatformPrincipal;
let accountId: string;
const key = generateP256KeyPair();

beforeAll(async () => {
  const p = await newPlatform();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(platforms)
    .where(eq(platforms.id, parseId("Platform", p.id)!));
  platform = toPrincipal(row);
  const customer = await createCustomer(platform, {
    customerType: "INDIVIDUAL",
    fullName: "Claim User",
    email: "claim@example.com",
  } as never);
  const [account] = await db
    .select()
    .from(internalAccounts)
    .where(eq(internalAccounts.customerId, parseId("Customer", customer.id)!))
    .limit(1);
  const [method] = await db.select().from(authMethods).where(eq(authMethods.accountId, account!.id)).limit(1);
  accountId = account!.id;
  await db.insert(authSessions).values({
    id: newUuid(),
    platformId: platform.id,
    accountId,
    authMethodId: method!.id,
    type: "EMAIL_OTP",
    publicKey: key.publicKeyHex,
    expiresAt: new Date(Date.now() + 3600_000),
  });
});

/** An operation signed by an active session of the account; `effect` is its `execute`, counted. */
function operation(
  name: string,
  effect: SignedOperation<{ n: number }>["execute"] = async () => reply(201, { ok: true }),
) {
  const runs = { count: 0 };
  const op: SignedOperation<{ n: number }> = {
    name,
    activityType: "ACTIVITY_TYPE_TEST",
    async prepare() {
      return { accountId, parameters: { accountId }, signer: { kind: "SESSION", accountId }, context: {} };
    },
    async execute(tx, input, context, request) {
      runs.count++;
      return effect(tx, input, context, request);
    },
  };
  return { op, runs };
}

const call = (headers: Record<string, string> = {}) => ({
  platform,
  method: "POST",
  path: "/api/2025-10-13/test-claim",
  headers: new Headers(headers),
  rawBody: { n: 1 },
  input: { n: 1 },
});

async function challenge(op: SignedOperation<{ n: number }>) {
  const first = await runSignedRetry(op, call());
  expect(first.status).toBe(202);
  return first.body as { payloadToSign: string; requestId: string };
}

const signed = (ch: { payloadToSign: string; requestId: string }, privateKeyHex = key.privateKeyHex) =>
  call({
    "Service-Wallet-Signature": makeStamp({ payload: ch.payloadToSign, privateKeyHex }),
    "Request-Id": ch.requestId,
  });

async function stored(requestId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(signedRequests)
    .where(eq(signedRequests.id, parseId("Request", requestId)!));
  return row;
}

describe("signed retry: claim, judge, then commit", () => {
  it("a refused retry (a stamp by a key with no session) leaves the request PENDING; the right stamp then runs the effect once", async () => {
    const { op, runs } = operation("test.claim.refusal");
    const ch = await challenge(op);
    const refused = await runSignedRetry(op, signed(ch, generateP256KeyPair().privateKeyHex)).catch((e) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).details).toMatchObject({ reason: "SIGNER_NOT_ALLOWED" });
    expect(await stored(ch.requestId)).toMatchObject({ state: "PENDING", acceptedSigner: null, consumedAt: null });
    expect(runs.count).toBe(0);

    const ok = await runSignedRetry(op, signed(ch));
    expect(ok.status).toBe(201);
    expect(ok.headers?.[REPLAYED_HEADER]).toBeUndefined();
    expect(await stored(ch.requestId)).toMatchObject({
      state: "CONSUMED",
      outcome: "SUCCEEDED",
      responseStatus: 201,
      acceptedSigner: key.publicKeyHex,
    });
    expect(runs.count).toBe(1);
  });

  it("a request of another platform is not claimed: unknown to it, and still PENDING for its own", async () => {
    const { op, runs } = operation("test.claim.platform");
    const ch = await challenge(op);
    const other = await newPlatform();
    const db = await getDb();
    const [row] = await db
      .select()
      .from(platforms)
      .where(eq(platforms.id, parseId("Platform", other.id)!));
    const refused = await runSignedRetry(op, { ...signed(ch), platform: toPrincipal(row) }).catch((e) => e);
    expect((refused as ApiError).details).toMatchObject({ reason: "REQUEST_ID_UNKNOWN" });
    expect((await stored(ch.requestId)).state).toBe("PENDING");
    expect((await runSignedRetry(op, signed(ch))).status).toBe(201);
    expect(runs.count).toBe(1);
  });

  it("eight identical retries at once: one runs the effect, the seven others get its stored answer again", async () => {
    const { op, runs } = operation("test.claim.concurrent");
    const ch = await challenge(op);
    const stamped = signed(ch);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => runSignedRetry(op, { ...stamped, headers: new Headers(stamped.headers) })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    expect(answers.filter((a) => a.headers?.[REPLAYED_HEADER] === "true")).toHaveLength(7);
    expect(runs.count).toBe(1);
    // Consumed: a retry with another stamp over the same payload is a reuse.
    const reuse = await runSignedRetry(op, signed(ch, generateP256KeyPair().privateKeyHex)).then(
      () => null,
      (e: ApiError) => e,
    );
    expect(reuse?.details ?? null).toMatchObject({ reason: "REQUEST_ID_REUSED" });
  });

  it("an answer that cannot be stored takes the effect and the claim with it: the request stays PENDING, the effect is undone", async () => {
    const db = await getDb();
    // The effect issues a further leg (a new signed request row), then answers a body PostgreSQL's jsonb refuses
    // (U+0000), so the UPDATE that stores it, sent with the COMMIT, fails.
    const { op, runs } = operation("test.claim.unstorable", async (tx, _input, _context, request) => {
      await issueNextLeg(tx, request, {
        organizationId: platform.publicId,
        activityType: "ACTIVITY_TYPE_TEST_NEXT",
        prepared: { accountId, parameters: {}, signer: { kind: "SESSION", accountId }, context: {} },
      });
      return reply(200, { text: "nul \u0000 here" });
    });
    const ch = await challenge(op);
    const count = async () =>
      (await db.select({ id: signedRequests.id }).from(signedRequests).where(eq(signedRequests.operation, op.name)))
        .length;
    expect(await count()).toBe(1);
    await expect(runSignedRetry(op, signed(ch))).rejects.toThrow();
    expect(runs.count).toBe(1);
    expect(await stored(ch.requestId)).toMatchObject({ state: "PENDING", acceptedSigner: null, responseStatus: null });
    expect(await count()).toBe(1);
  });

  it("the effect is handed the request as it is stored (CONSUMED by this stamp, at the transaction's time), and the judgement writes the row once", async () => {
    const db = await getDb();
    let seen: SignedRequestRow | undefined;
    const { op } = operation("test.claim.once", async (_tx, _input, _context, request) => {
      seen = request;
      return reply(201, { ok: true });
    });
    // Count the row versions this operation's requests get (the claim locks the row; only the store writes it).
    await db.execute(sql`create table if not exists test_claim_writes (id uuid not null)`);
    await db.execute(
      sql.raw(`create or replace function test_claim_write() returns trigger language plpgsql as $$
      begin insert into test_claim_writes values (new.id); return new; end $$`),
    );
    await db.execute(
      sql.raw(`create or replace trigger test_claim_write after update on signed_requests for each row
      when (new.operation = 'test.claim.once') execute function test_claim_write()`),
    );
    try {
      const ch = await challenge(op);
      expect((await runSignedRetry(op, signed(ch))).status).toBe(201);
      const after = await stored(ch.requestId);
      expect(seen).toEqual({ ...after, responseStatus: null, responseBody: null });
      expect(after).toMatchObject({
        state: "CONSUMED",
        outcome: "SUCCEEDED",
        responseStatus: 201,
        responseBody: { ok: true },
      });
      expect(after.acceptedAt).toEqual(after.consumedAt);
      const writes = (await db.execute(
        sql`select count(*)::int as n from test_claim_writes where id = ${after.id}`,
      )) as unknown as { n: number }[];
      expect(writes[0]!.n).toBe(1);
    } finally {
      await db.execute(sql.raw("drop trigger if exists test_claim_write on signed_requests"));
      await db.execute(sql.raw("drop function if exists test_claim_write()"));
      await db.execute(sql.raw("drop table if exists test_claim_writes"));
    }
  });
});
