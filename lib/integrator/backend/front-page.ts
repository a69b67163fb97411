import { integratorConfig } from "./config";
import { platformInfo } from "./service";

/**
 * What the front page shows a newcomer of a sandbox: the integrator's platform client id (the demo platform's on the
 * embedded default, read from DATA_DIR/demo-platform.json by the configuration) and the API's public address. Never
 * the secret. Null on a production platform, or when no platform is configured or the service does not answer: the
 * page then only points at the console.
 */
export async function sandboxFirstCall(): Promise<{ clientId: string; apiBase: string } | null> {
  try {
    const cfg = integratorConfig();
    const info = await platformInfo();
    if (info.environment !== "SANDBOX") return null;
    return { clientId: cfg.clientId, apiBase: `${cfg.origin}/api/2025-10-13` };
  } catch {
    return null;
  }
}
