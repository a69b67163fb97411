import pino from "pino";

/**
 * One structured JSON logger. Never log a secret, a body, a token or a key:
 * the redact list is a second line of defence, not the first.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? "info",
  base: undefined,
  redact: {
    paths: ["authorization", "headers.authorization", "secret", "clientSecret", "otp", "privateKey"],
    censor: "[redacted]",
  },
});
