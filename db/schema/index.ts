export * from "./platforms";
export * from "./customers";
export * from "./credentials";
export * from "./outbox";
export * from "./webhooks";
export * from "./money";
export * from "./external-accounts";
export * from "./agents";
