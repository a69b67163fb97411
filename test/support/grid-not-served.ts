/**
 * Grid operations (by method and path, path parameters written `{}`) this service does not serve, each
 * with the reason. test/unit/grid-operations.test.ts fails when a Grid operation is neither served nor
 * listed here, and when a line here names an operation that is served or that Grid does not have.
 * `scripts/grid-operations.ts --table FILE` writes the full table (every Grid operation, ours beside it).
 */
export const NOT_SERVED: Record<string, string> = {
  "POST /transactions/{}/confirm": "being built (issue 12)",
  "POST /transactions/{}/cancel": "being built (issue 12)",
  "GET /stablecoins": "being built (issue 15)",
  "POST /stablecoins": "being built (issue 15)",
  "GET /stablecoins/{}": "being built (issue 15)",
  "POST /stablecoins/{}/mints": "being built (issue 15)",
  "POST /stablecoins/{}/burns": "being built (issue 15)",
  "GET /stablecoins/{}/operations": "being built (issue 15)",
  "GET /stablecoin-operations/{}": "being built (issue 15)",
  "GET /stablecoin-provider-accounts": "being built (issue 15)",
  "POST /stablecoin-provider-accounts": "being built (issue 15)",
  "GET /stablecoin-provider-accounts/{}": "being built (issue 15)",
};
