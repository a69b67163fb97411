import type { AgentPermission } from "./types";

/** Keyed by the generated union: the compiler refuses a missing or an unknown value, so this cannot drift. */
const agentPermissions: Record<AgentPermission, true> = {
  VIEW_TRANSACTIONS: true,
  CREATE_TRANSFERS: true,
  CREATE_QUOTES: true,
  EXECUTE_QUOTES: true,
  MANAGE_EXTERNAL_ACCOUNTS: true,
};

/** Every agent permission the service accepts (for pages that list them). */
export const AGENT_PERMISSIONS = Object.keys(agentPermissions) as AgentPermission[];
