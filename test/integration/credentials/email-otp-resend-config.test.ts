/**
 * The EMAIL_OTP re-send interval is the operator's EMAIL_OTP_RESEND_SECONDS (default 30 s, protocol.md "Rate limit
 * defaults"): the rule every code-sending path counts against reads it, and the shared count in PostgreSQL honours it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/core/errors";
import { loadEnv } from "@/lib/shared/config/env";
import { consumeRateLimit, RATE_LIMITS } from "@/lib/server/rate-limit/consume-rate-limit";

beforeAll(() => {
  // Read once per process (lib/shared/config/env.ts): set before this file's first env() call.
  process.env.EMAIL_OTP_RESEND_SECONDS = "1";
});

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(ApiError);
  return e as ApiError;
}

describe("EMAIL_OTP_RESEND_SECONDS", () => {
  it("defaults to protocol.md's 30 s and refuses what is not a whole number of seconds from 1", () => {
    expect(loadEnv({ NODE_ENV: "production" }).EMAIL_OTP_RESEND_SECONDS).toBe(30);
    expect(() => loadEnv({ NODE_ENV: "production", EMAIL_OTP_RESEND_SECONDS: "0" })).toThrow(
      /EMAIL_OTP_RESEND_SECONDS/,
    );
    expect(() => loadEnv({ NODE_ENV: "production", EMAIL_OTP_RESEND_SECONDS: "1.5" })).toThrow(
      /EMAIL_OTP_RESEND_SECONDS/,
    );
  });

  it("sets the re-send rule: a second code within the interval is 429 with its Retry-After, one after it is sent", async () => {
    expect(RATE_LIMITS.emailOtpChallenge).toEqual([
      { limit: 1, windowSeconds: 1 },
      { limit: 10, windowSeconds: 3600 },
    ]);
    const key = `otp-resend-config:${crypto.randomUUID()}`;
    await consumeRateLimit(key, RATE_LIMITS.emailOtpChallenge, "codes");
    const limited = await refusal(consumeRateLimit(key, RATE_LIMITS.emailOtpChallenge, "codes"));
    expect(limited.code).toBe("RATE_LIMITED");
    expect(limited.headers).toMatchObject({ "Retry-After": "1" });
    await new Promise((r) => setTimeout(r, 1_100));
    await consumeRateLimit(key, RATE_LIMITS.emailOtpChallenge, "codes");
  });
});
