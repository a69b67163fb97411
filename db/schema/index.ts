export * from "./platforms";
export * from "./customers";
export * from "./credentials";
export * from "./outbox";
export * from "./auth";
export * from "./keys";
export * from "./credential-proofs";
export * from "./wallets";
