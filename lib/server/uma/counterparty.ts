import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";
import type { CounterpartyAnswer } from "./counterparty-answer";
import { remoteLookup } from "./remote-lookup";

export type { CounterpartyAnswer } from "./counterparty-answer";

/**
 * The seam between this service and other UMA VASPs. A VASP that does not support our UMA version throws
 * 412 UNSUPPORTED_UMA_VERSION; one that cannot be reached or answers garbage, 424 LNURLP_REQUEST_FAILED.
 */
export interface UmaCounterparty {
  /** null: the address is well-formed but the VASP has no such receiver (404 UMA_NOT_FOUND). */
  lookup(address: string): Promise<CounterpartyAnswer | null>;
}

const SANDBOX_UMA_DOMAIN = "sandbox.uma.money";
const PAYER_DATA = [
  { name: "FULL_NAME", mandatory: true },
  { name: "BIRTH_DATE", mandatory: false },
];
const MAX = 100_000_000;

/** Grid's sandbox UMA addresses (mintlify global-p2p/platform-tools/sandbox-testing.mdx); any other local part → not found. */
const SANDBOX_RECEIVERS: Record<
  string,
  Pick<CounterpartyAnswer, "outcome"> & { currency: string; payerData?: CounterpartyAnswer["requiredPayerDataFields"] }
> = {
  "success.usd": { currency: "USD", outcome: "SUCCESS" },
  "success.eur": { currency: "EUR", outcome: "SUCCESS" },
  "success.mxn": { currency: "MXN", outcome: "SUCCESS" },
  "pending.long.usd": { currency: "USD", outcome: "PENDING_LONG" },
  "fail.compliance.usd": { currency: "USD", outcome: "FAIL_COMPLIANCE" },
  // Ours (docs/areas.md "Sandbox UMA addresses"): a receiver whose VASP insists on more payer data than a customer record holds.
  "strict.payer.usd": {
    currency: "USD",
    outcome: "SUCCESS",
    payerData: [
      { name: "FULL_NAME", mandatory: true },
      { name: "BIRTH_DATE", mandatory: true },
      { name: "NATIONALITY", mandatory: true },
    ],
  },
};

/** Our own sandbox addresses for the counterparty's failures (docs/areas.md "Sandbox UMA addresses"). */
const SANDBOX_FAILURES: Record<string, () => ApiError> = {
  "fail.uma.version": () =>
    new ApiError("UNSUPPORTED_UMA_VERSION", "The receiver's VASP does not support UMA version 1.0", {
      supportedMajorVersions: [0],
    }),
  "fail.lnurlp": () => new ApiError("LNURLP_REQUEST_FAILED", "The receiver's VASP did not answer the LNURLP request"),
};

export const sandboxCounterparty: UmaCounterparty = {
  async lookup(address) {
    const [local, domain] = address.slice(1).toLowerCase().split("@");
    if (domain !== SANDBOX_UMA_DOMAIN) return null;
    const failure = SANDBOX_FAILURES[local];
    if (failure) throw failure();
    const r = SANDBOX_RECEIVERS[local];
    if (!r) return null;
    return {
      receiverUmaAddress: address,
      currencies: [{ code: r.currency, min: 1, max: MAX }],
      requiredPayerDataFields: r.payerData ?? PAYER_DATA,
      outcome: r.outcome,
    };
  },
};

/**
 * The counterparty a platform's lookups reach: for a sandbox platform, Grid's sandbox addresses at sandbox.uma.money
 * answer from the table above; every other domain, and every domain for a production platform, is asked over the
 * real protocol (lib/server/uma/remote-lookup.ts, `@uma-sdk/core`), under the platform's destination rule.
 */
export function counterpartyFor(platform: PlatformPrincipal): UmaCounterparty {
  return {
    lookup: (address) =>
      platform.environment === "SANDBOX" && isSandboxAddress(address)
        ? sandboxCounterparty.lookup(address)
        : remoteLookup(platform, address),
  };
}

export function isSandboxAddress(address: string): boolean {
  return address.split("@")[1]?.toLowerCase() === SANDBOX_UMA_DOMAIN;
}
