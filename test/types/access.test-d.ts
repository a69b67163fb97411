/**
 * Type-level checks of an operation's `access` (lib/server/core/operation.ts), compiled by `tsc --noEmit -p tsconfig.json`:
 * each `@ts-expect-error` must meet an error. Never run.
 */
import { defineOperation } from "@/lib/server/core/operation";

const op = { operationId: "x", method: "GET" as const, path: "/x", summary: "x", tags: [] as string[], responses: {} };
const view = { permission: "VIEW", changesState: false } as const;
const execute = { permission: "EXECUTE_QUOTES", changesState: true } as const;

defineOperation({ ...op, auth: "platform", access: view });
defineOperation({ ...op, auth: "agent", access: execute });

// @ts-expect-error an operation without a declared permission is refused
defineOperation({ ...op, auth: "platform" });

// @ts-expect-error a platform operation names an API token permission, not an agent one
defineOperation({ ...op, auth: "platform", access: execute });

// @ts-expect-error an agent operation names an agent policy permission, not an API token one
defineOperation({ ...op, auth: "agent", access: view });

// @ts-expect-error an operation without authentication is PUBLIC
defineOperation({ ...op, auth: "none", access: view });
