import type { AnyOperation } from "@/lib/server/core/operation";

/** The sentence an operation's description ends with in the served document: who may call it (its `access`). */
export function permissionSentence(op: AnyOperation): string {
  const p = op.access.permission;
  if (op.auth === "platform")
    return `Requires an API token with the \`${p}\` permission (the platform's own credentials hold every permission).`;
  if (op.auth === "agent")
    return p === "AGENT"
      ? "Any agent of the platform may call it, paused or not."
      : `Requires the \`${p}\` permission in the agent's policy.`;
  return "Needs no authentication.";
}
