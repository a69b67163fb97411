import type { TokenPermission } from "./operation";
import type { PlatformSettings } from "./platform-settings";

/** The platform authenticated by BasicAuth. `id` is the bare uuid; `publicId` is `Platform:<uuid>`. */
export interface PlatformPrincipal {
  id: string;
  publicId: string;
  name: string;
  environment: "SANDBOX" | "PRODUCTION";
  settings: PlatformSettings;
  /** Set when an API token (`POST /tokens`) authenticated rather than the platform's own credentials. */
  tokenId?: string;
  tokenPermissions?: TokenPermission[];
}

/** The agent authenticated by AgentAuth (Bearer gat_…). Ids are bare uuids. */
export interface AgentPrincipal {
  agentId: string;
  platformId: string;
  customerId: string;
  permissions: string[];
  isPaused: boolean;
}
