import pino from "pino";

/** The integrator's own logger (it shares no code with the service). Messages and ids only: never a body, key or token. */
export const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: undefined });
