/** Wire types of the service (protocol.md, spec "Credential and session resources"). The SDK imports no server code. */
export type CredentialType = "PASSKEY" | "OAUTH" | "EMAIL_OTP" | "SMS_OTP";

export interface ErrorBody {
  status: number;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface AuthMethod {
  id: string;
  accountId: string;
  type: CredentialType;
  credentialId?: string;
  nickname?: string;
  otpEncryptionTargetBundle?: string;
  createdAt: string;
  updatedAt: string;
}

export interface AuthSession {
  id: string;
  accountId: string;
  type: CredentialType;
  nickname?: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
  encryptedSessionSigningKey?: string;
}

export interface SignedRetryChallenge {
  type?: CredentialType;
  payloadToSign: string;
  requestId: string;
  expiresAt: string;
}

export interface Processing {
  status: "PROCESSING";
  message: string;
}

export interface PasskeyAuthChallenge {
  challenge: string;
  requestId: string;
  expiresAt: string;
}

export interface Customer {
  id: string;
  platformCustomerId: string;
  customerType: "INDIVIDUAL" | "BUSINESS";
  email?: string;
  [k: string]: unknown;
}

export interface InternalAccount {
  id: string;
  customerId?: string;
  type: "INTERNAL_FIAT" | "INTERNAL_CRYPTO" | "EMBEDDED_WALLET";
  status: string;
  [k: string]: unknown;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor?: string;
  [k: string]: unknown;
}

export type AddCredentialBody =
  | { type: "EMAIL_OTP"; accountId: string }
  | { type: "SMS_OTP"; accountId: string }
  | { type: "OAUTH"; accountId: string; oidcToken: string }
  | {
      type: "PASSKEY";
      accountId: string;
      nickname: string;
      challenge: string;
      attestation: { credentialId: string; clientDataJson: string; attestationObject: string; transports: string[] };
    };

export type VerifyCredentialBody =
  | { type: "EMAIL_OTP"; encryptedOtpBundle: string }
  | { type: "SMS_OTP"; encryptedOtpBundle: string }
  | { type: "OAUTH"; oidcToken: string; clientPublicKey: string }
  | {
      type: "PASSKEY";
      assertion: { credentialId: string; clientDataJson: string; authenticatorData: string; signature: string; userHandle?: string | null };
    };

/** The two headers of a signed retry. */
export interface SignedHeaders {
  "Service-Wallet-Signature": string;
  "Request-Id": string;
}

/** A raw answer of a signed-retry endpoint: 202 challenge, 200 PROCESSING, or the terminal body. */
export interface RawResponse<T> {
  status: number;
  body: T | SignedRetryChallenge | Processing | undefined;
  headers: Headers;
}
