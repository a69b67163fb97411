import { v7 as uuidv7 } from "uuid";

/** Identifier shapes `<Type>:<uuidv7>` (protocol.md "Encodings"). The database stores the bare uuid. */
export type IdType =
  | "Platform"
  | "Customer"
  | "InternalAccount"
  | "ExternalAccount"
  | "AuthMethod"
  | "Session"
  | "Request"
  | "Agent"
  | "Webhook"
  | "Quote"
  | "Transaction"
  | "Token"
  | "Invitation"
  | "Job"
  | "DelegatedKey"
  | "Lookup"
  | "AgentAction"
  | "Verification"
  | "BeneficialOwner"
  | "Document"
  | "Card"
  | "CardTransaction"
  | "ScaChallenge"
  | "TwoFactorReset"
  | "StablecoinProviderAccount"
  | "Stablecoin"
  | "StablecoinOperation";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function newUuid(): string {
  return uuidv7();
}

export function formatId(type: IdType, uuid: string): string {
  return `${type}:${uuid}`;
}

export function newId(type: IdType): { uuid: string; id: string } {
  const uuid = newUuid();
  return { uuid, id: formatId(type, uuid) };
}

/** The bare uuid of `<type>:<uuid>`, or null when the string has another shape. */
export function parseId(type: IdType, id: string | null | undefined): string | null {
  if (typeof id !== "string") return null;
  const prefix = `${type}:`;
  if (!id.startsWith(prefix)) return null;
  const uuid = id.slice(prefix.length);
  return UUID_RE.test(uuid) ? uuid.toLowerCase() : null;
}

export function iso(d: Date): string {
  return d.toISOString();
}
