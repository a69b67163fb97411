/**
 * Grid operations (by method and path, path parameters written `{}`) this service does not serve, each
 * with the reason. test/contract/grid-operations.test.ts fails when a Grid operation is neither served nor
 * listed here, and when a line here names an operation that is served or that Grid does not have.
 * `scripts/grid-operations.ts --table FILE` writes the full table (every Grid operation, ours beside it).
 */
export const NOT_SERVED: Record<string, string> = {};

/**
 * Operations we serve that Grid's current OpenAPI does not have, each with the reason. grid-operations.test.ts
 * fails when a served operation is beyond Grid and not listed here, and when a line here is not served or is Grid's.
 */
export const SERVED_BEYOND_GRID: Record<string, string> = {
  "GET /customers/kyc-link":
    "Grid's official client 0.7.0 customers.getKYCLink (Grid moved to POST /customers/{id}/kyc-link in grid-api #457); kept, deprecated, so that client works",
  "GET /auth/enclave-key": "protocol.md: the enclave quorum public key is published here for clients that seal bundles",
  "GET /documents/{}/file": "our documents area: the stored bytes of a document, beside Grid's metadata operations",
  "GET /internal-accounts/{}": "one internal account by id, beside Grid's lists",
  "GET /quotes": "the spec's list of quotes",
  "GET /webhooks/deliveries": "the spec's webhook delivery log",
  "GET /webhooks/deliveries/{}": "one logged delivery with its payload and every attempt (the console's webhook log)",
  "POST /webhooks/deliveries/{}/resend": "the spec's resend of a logged webhook delivery",
  "POST /webhooks/test":
    "protocol.md Webhooks: the test webhook at this path, /sandbox/webhooks/test kept as Grid's alias",
  "POST /plaid/link-tokens":
    "Grid removed its Plaid operations on 2026-03-27 (grid-api #304); kept, deprecated, as Grid last defined them, for integrators built against the earlier API",
  "POST /plaid/callback/{}":
    "Grid removed its Plaid operations on 2026-03-27 (grid-api #304); kept, deprecated, as Grid last defined them, for integrators built against the earlier API",
};
