/**
 * Wallet-auth helpers for integration tests, built on the SDK (lib/sdk) exactly as an integrator
 * backend would use it: EMAIL_OTP sign-in with real HPKE and real P-256 signing.
 */
import { inject } from "vitest";
import {
  base64urlDecode,
  base64urlEncode,
  generateP256KeyPair,
  sealOtpBundle,
  utf8Decode,
  utf8Encode,
  type P256KeyPair,
} from "@/lib/shared/crypto/web";
import { createServiceClient, signedRetry, stampSigner, type AuthSession, type ServiceClient } from "@/lib/sdk";
import { newCustomer, type TestPlatform } from "./api";

export function sdkFor(p: TestPlatform, origin: string = inject("baseUrl"), source?: string): ServiceClient {
  return createServiceClient({
    baseUrl: `${origin}/api/2025-10-13`,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    // `source`: every request says it comes from this address (X-Forwarded-For, believed by a server whose
    // TRUSTED_PROXIES holds loopback), so that the per-source counts shared in the suite's database are its own.
    ...(source
      ? {
          fetch: (input: RequestInfo | URL, init?: RequestInit) => {
            const headers = new Headers(init?.headers);
            headers.set("x-forwarded-for", source);
            return fetch(input, { ...init, headers });
          },
        }
      : {}),
  });
}

export interface WalletUser {
  accountId: string;
  credentialId: string;
  email: string;
  customerId: string;
}

/** A customer with an EMBEDDED_WALLET account and its initial EMAIL_OTP credential. */
export async function newWalletUser(p: TestPlatform, client: ServiceClient): Promise<WalletUser> {
  const { customer, account, email } = await newCustomer(p);
  if (!account) throw new Error("no EMBEDDED_WALLET account was provisioned");
  const creds = await client.listCredentials(account.id);
  const otp = creds.data.find((c) => c.type === "EMAIL_OTP");
  if (!otp) throw new Error("no EMAIL_OTP credential was provisioned");
  return { accountId: account.id, credentialId: otp.id, email, customerId: customer.id };
}

/** Challenge → seal the code and a fresh session key to the pinned target → the encryptedOtpBundle. */
export async function otpBundle(
  client: ServiceClient,
  credentialId: string,
  code: string | (() => Promise<string>),
  key: P256KeyPair = generateP256KeyPair(),
): Promise<{ encryptedOtpBundle: string; key: P256KeyPair; targetBundle: string }> {
  const { enclaveQuorumPublic } = await client.getEnclaveKey();
  const challenged = await client.challengeEmailOtp(credentialId);
  const targetBundle = challenged.otpEncryptionTargetBundle!;
  const otpCode = typeof code === "string" ? code : await code();
  const encryptedOtpBundle = await sealOtpBundle({
    otpCode,
    sessionPublicKeyHex: key.publicKeyHex,
    targetBundle,
    pinnedEnclavePublicHex: enclaveQuorumPublic,
  });
  return { encryptedOtpBundle, key, targetBundle };
}

/** The whole EMAIL_OTP sign-in (spec steps 1–5) through the SDK. */
export async function signInWithEmailOtp(
  client: ServiceClient,
  credentialId: string,
  code: string | (() => Promise<string>) = "000000",
): Promise<{ session: AuthSession; key: P256KeyPair }> {
  const { encryptedOtpBundle, key } = await otpBundle(client, credentialId, code);
  const session = await signedRetry(
    (h) => client.verifyCredential(credentialId, { type: "EMAIL_OTP", encryptedOtpBundle }, h),
    stampSigner(key.privateKeyHex),
  );
  return { session, key };
}

/** The same stamp (same key and signature) in other bytes: its JSON members in reverse order. */
export function reorderedStamp(header: string): string {
  const members = Object.entries(JSON.parse(utf8Decode(base64urlDecode(header))) as Record<string, string>).reverse();
  return base64urlEncode(utf8Encode(JSON.stringify(Object.fromEntries(members))));
}
