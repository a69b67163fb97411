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

/**
 * Operations we serve that Grid's current OpenAPI does not have, each with the reason. grid-operations.test.ts
 * fails when a served operation is beyond Grid and not listed here, and when a line here is not served or is Grid's.
 */
export const SERVED_BEYOND_GRID: Record<string, string> = {
  "GET /auth/enclave-key": "protocol.md: the enclave quorum public key is published here for clients that seal bundles",
  "GET /documents/{}/file": "our documents area: the stored bytes of a document, beside Grid's metadata operations",
  "GET /internal-accounts/{}": "one internal account by id, beside Grid's lists",
  "GET /quotes": "the spec's list of quotes",
  "GET /webhooks/deliveries": "the spec's webhook delivery log",
  "POST /webhooks/deliveries/{}/resend": "the spec's resend of a logged webhook delivery",
  "POST /webhooks/test": "protocol.md Webhooks: the test webhook at this path, /sandbox/webhooks/test kept as Grid's alias",
  "POST /plaid/link-tokens":
    "Grid removed its Plaid operations on 2026-03-27 (grid-api #304); kept, deprecated, as Grid last defined them, for integrators built against the earlier API",
  "POST /plaid/callback/{}":
    "Grid removed its Plaid operations on 2026-03-27 (grid-api #304); kept, deprecated, as Grid last defined them, for integrators built against the earlier API",
};
