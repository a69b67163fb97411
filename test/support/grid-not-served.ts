/**
 * Grid operations (by method and path, path parameters written `{}`) this service does not serve, each
 * with the reason. test/unit/grid-operations.test.ts fails when a Grid operation is neither served nor
 * listed here, and when a line here names an operation that is served or that Grid does not have.
 * `scripts/grid-operations.ts --table FILE` writes the full table (every Grid operation, ours beside it).
 */
export const NOT_SERVED: Record<string, string> = {
  "POST /transactions/{}/confirm": "being built (issue 12)",
  "POST /transactions/{}/cancel": "being built (issue 12)",
  "POST /customers/external-accounts/{}/trust": "being built (issue 14)",
  "POST /customers/external-accounts/{}/trust/confirm": "being built (issue 14)",
  "POST /customers/external-accounts/{}/untrust": "being built (issue 14)",
  "POST /customers/external-accounts/{}/untrust/confirm": "being built (issue 14)",
  "POST /quotes/{}/authorize": "being built (issue 14)",
  "POST /quotes/{}/authorize/resend": "being built (issue 14)",
  "DELETE /sca/factors/{}":
    "SCA factor deletion (issue 14, item 5) was not built with the other SCA operations (wt-kyc) and no helper has it now: open",
  "POST /sca/factors/reset": "two-factor reset (issue 14, item 5) was not built with the other SCA operations (wt-kyc) and no helper has it now: open",
  "GET /sca/factors/reset/{}": "two-factor reset (issue 14, item 5) was not built with the other SCA operations (wt-kyc) and no helper has it now: open",
  "POST /sca/factors/reset/{}/complete":
    "two-factor reset (issue 14, item 5) was not built with the other SCA operations (wt-kyc) and no helper has it now: open",
};
