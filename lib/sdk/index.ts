/**
 * Typed client of the service for integrator backends and tests. Fetch-based; imports no server code
 * (only the isomorphic crypto core, for `stampSigner`).
 */
export * from "./types";
export * from "./service-error";
export * from "./client";
export * from "./signed-retry";
export * from "./stamp-signer";
export * from "./enums";
