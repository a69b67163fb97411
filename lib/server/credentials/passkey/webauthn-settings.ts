/** The relying party a WebAuthn ceremony is checked against (from the platform's settings). */
export interface WebauthnSettings {
  rpId: string;
  origins: string[];
}
