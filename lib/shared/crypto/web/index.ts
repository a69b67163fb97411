/** The isomorphic crypto core (server, browser client, SDK). See docs/protocol.md for the formats. */
export * from "./encoding";
export * from "./p256";
export * from "./canonical-json";
export * from "./hpke";
export * from "./enclave-bundle";
export * from "./otp-bundle";
export * from "./credential-bundle";
export * from "./stamp";
export * from "./export-bundle";
export * from "./at-rest";
