export * from "./platforms";
export * from "./customers";
export * from "./credentials";
export * from "./outbox";
export * from "./integrator";
export * from "./keys";
export * from "./external-accounts";
export * from "./agents";
