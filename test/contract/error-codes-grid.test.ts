/**
 * Every error the service answers reaches Grid's client as the right error class: its status is one the
 * client maps (400 BadRequestError, 401, 403, 404 NotFoundError, 409, 422, 429, 5xx InternalServerError;
 * any other status is the generic APIError), the body is Grid's `{status, code, message, details?}`, and the
 * code is one Grid documents for that status, but for the codes the spec or protocol.md adds (one line each).
 */
import { describe, expect, it } from "vitest";
import { ApiError, ERROR_STATUS } from "@/lib/server/core/errors";
import { gridMismatches } from "@/test/support/grid-shapes/check";
import { GRID_ERROR_CODES, gridError, type GridErrorStatus } from "@/test/support/grid-shapes/common";
import { loadGridDocument } from "@/test/support/grid-reference";

const gridDocument = await loadGridDocument();

const OWN_CODES: Record<string, string> = {
  SERVICE_SWITCH_ERROR: "spec Errors: Error500 names SERVICE_SWITCH_ERROR (Grid: GRID_SWITCH_ERROR)",
  NOT_FOUND: "protocol.md: the code of an unknown path",
  EXTERNAL_ACCOUNT_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  INTERNAL_ACCOUNT_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  CREDENTIAL_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  SESSION_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  AGENT_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  DEVICE_CODE_NOT_FOUND: "protocol.md: not found where the spec's 404 list has no code",
  AGENT_ACTION_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  VERIFICATION_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  BENEFICIAL_OWNER_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  DOCUMENT_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  CARD_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  CARD_TRANSACTION_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  SCA_FACTOR_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code (an SCA passkey factor)",
  SCA_RESET_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code (a 2FA reset)",
  STABLECOIN_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  STABLECOIN_OPERATION_NOT_FOUND: "protocol.md Not found: every new resource has its own 404 code",
  CARD_REVEAL_NOT_FOUND: "protocol.md Cards: the single-use reveal URL, gone once used or expired",
  FUNDING_SOURCE_INELIGIBLE: "protocol.md Cards: an ineligible funding source → 400 FUNDING_SOURCE_INELIGIBLE",
  DEVICE_CODE_ALREADY_REDEEMED: "agents (spec Agent Operations): device codes are not Grid's",
  DEVICE_CODE_EXPIRED: "agents (spec Agent Operations): device codes are not Grid's",
  INVALID_JSON: "a body that is not JSON, before any field can be named",
  INSUFFICIENT_FUNDS: "money movement refusals the spec's ledger needs",
  QUOTE_EXPIRED: "money movement refusals the spec's ledger needs",
  QUOTE_ALREADY_EXECUTED: "money movement refusals the spec's ledger needs",
  IDEMPOTENCY_KEY_REUSED: "protocol.md Stablecoins: another body under the same Idempotency-Key → 409",
  PAYLOAD_TOO_LARGE: "body over 1 MiB (413: generic APIError in Grid's client)",
  UNSUPPORTED_MEDIA_TYPE: "non-JSON content type (415: generic APIError in Grid's client)",
  UPLOAD_TIMEOUT:
    "a CSV upload that did not arrive whole in BULK_IMPORT_UPLOAD_SECONDS (408: generic APIError in Grid's client)",
};

/** The statuses Grid's client turns into a specific error class. */
const CLIENT_CLASSES = new Set([400, 401, 403, 404, 409, 422, 429]);

describe("error codes vs Grid's documented codes", () => {
  it("each code is Grid's for its status, or one the spec or protocol.md adds", () => {
    const foreign = Object.entries(ERROR_STATUS)
      .filter(
        ([code, status]) =>
          !(GRID_ERROR_CODES[status as GridErrorStatus] as readonly string[] | undefined)?.includes(code),
      )
      .map(([code]) => code);
    expect(foreign.sort()).toEqual(Object.keys(OWN_CODES).sort());
  });

  it("every status maps to a class of Grid's client or is 5xx; the body is Grid's error shape", () => {
    for (const code of Object.keys(ERROR_STATUS) as (keyof typeof ERROR_STATUS)[]) {
      const e = new ApiError(code, "m", { errors: [] });
      expect(
        CLIENT_CLASSES.has(e.status) || e.status >= 500 || [405, 408, 410, 412, 413, 415, 423, 424].includes(e.status),
        code,
      ).toBe(true);
      const status = e.status as GridErrorStatus;
      if (!GRID_ERROR_CODES[status]) continue;
      const mismatches = gridMismatches(
        gridError(status),
        e.toBody(),
        code in OWN_CODES ? { code: OWN_CODES[code] } : {},
      );
      expect(mismatches, code).toEqual([]);
    }
  });
});

describe.skipIf(!gridDocument)("our model of Grid's error codes vs Grid's document", () => {
  it("lists, per status, exactly the codes of Grid's ErrorNNN schemas (read at run time, so the model cannot drift)", () => {
    const schemas = gridDocument?.components.schemas ?? {};
    const grid = Object.fromEntries(
      Object.entries<{ properties?: { code?: { enum?: string[] } } }>(schemas)
        .filter(([name]) => /^Error\d{3}$/.test(name))
        .map(([name, s]) => [name.slice(5), [...(s.properties?.code?.enum ?? [])].sort()]),
    );
    const ours = Object.fromEntries(
      Object.entries(GRID_ERROR_CODES).map(([status, codes]) => [status, [...codes].sort()]),
    );
    expect(ours).toEqual(grid);
  });
});
