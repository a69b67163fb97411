import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/server/core/errors";
import { requireExecutable } from "./executable-quote";
import type { QuoteRow } from "./quote-view";

const quote = (status: QuoteRow["status"], expiresInMs = 60_000) =>
  ({ id: "q", status, expiresAt: new Date(Date.now() + expiresInMs) }) as QuoteRow;

function refusal(q: QuoteRow | undefined): string {
  try {
    requireExecutable(q, "Quote:x");
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    const err = e as ApiError;
    return `${err.status} ${err.code} ${(err.details?.reason as string) ?? ""}`.trim();
  }
  return "executable";
}

describe("the one executable-quote rule (every execute path: platform, wallet-signed, agent, sandbox)", () => {
  it("executes a PENDING quote before it expires and refuses every other", () => {
    expect(refusal(quote("PENDING"))).toBe("executable");
    expect(refusal(undefined)).toBe("404 QUOTE_NOT_FOUND");
    expect(refusal(quote("PENDING_AUTHORIZATION"))).toBe("409 CONFLICT PENDING_AUTHORIZATION");
    expect(refusal(quote("COMPLETED"))).toBe("409 QUOTE_ALREADY_EXECUTED");
    expect(refusal(quote("PENDING", -1))).toBe("400 QUOTE_EXPIRED");
  });
});
