/**
 * A software WebAuthn authenticator for API tests, written from the WebAuthn Level 2 spec
 * (https://www.w3.org/TR/webauthn-2/): ES256 credentials, attestation "none" (§8.7),
 * authenticator data (§6.1: rpIdHash ‖ flags ‖ signCount ‖ attestedCredentialData), COSE_Key
 * (§6.5.1.1, RFC 8152 §13.1.1) and CollectedClientData (§5.8.1). It plays both the authenticator and
 * the browser (it forms clientDataJSON), so tests can also produce every kind of faulty response.
 * Primitives come from node:crypto; only the encodings are written here.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

const b64url = (b: Uint8Array | Buffer | string): string => Buffer.from(b as Uint8Array).toString("base64url");
const sha256 = (b: Uint8Array | string): Buffer => createHash("sha256").update(b).digest();

// ---- minimal CBOR (RFC 8949) encoder: unsigned/negative ints, byte and text strings, maps ----
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [k: string]: Cbor };

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

function cborEncode(v: Cbor): Buffer {
  if (typeof v === "number") return v >= 0 ? head(0, v) : head(1, -1 - v);
  if (typeof v === "string") {
    const s = Buffer.from(v, "utf8");
    return Buffer.concat([head(3, s.length), s]);
  }
  if (v instanceof Uint8Array) return Buffer.concat([head(2, v.length), Buffer.from(v)]);
  const entries: [Cbor, Cbor][] = v instanceof Map ? [...v.entries()] : Object.entries(v);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, val]) => [cborEncode(k), cborEncode(val)])]);
}

// ---- authenticator data flags (§6.1) ----
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftCredential {
  credentialId: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: Buffer;
  signCount: number;
}

export interface AttestationJson {
  credentialId: string;
  clientDataJson: string;
  attestationObject: string;
  transports: string[];
}

export interface AssertionJson {
  credentialId: string;
  clientDataJson: string;
  authenticatorData: string;
  signature: string;
  userHandle: string | null;
}

/** Knobs to produce the faults the server must refuse. */
export interface Faults {
  origin?: string;
  rpId?: string;
  type?: string;
  /** Clear the user-present flag. */
  noUserPresence?: boolean;
  /** Use this counter instead of incrementing. */
  signCount?: number;
  /** Flip a byte of the signature. */
  badSignature?: boolean;
  /** Sign with another key than the credential's. */
  wrongKey?: boolean;
}

function coseEs256(publicKey: KeyObject): Map<Cbor, Cbor> {
  const jwk = publicKey.export({ format: "jwk" }) as { x: string; y: string };
  // COSE_Key: kty 2 (EC2), alg -7 (ES256), crv 1 (P-256), x, y.
  return new Map<Cbor, Cbor>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x, "base64url")],
    [-3, Buffer.from(jwk.y, "base64url")],
  ]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0, 0);
  return b;
}

function clientData(type: string, challenge: Uint8Array, origin: string): Buffer {
  // §5.8.1: JSON with type, challenge (base64url of the challenge bytes), origin, crossOrigin.
  return Buffer.from(JSON.stringify({ type, challenge: b64url(challenge), origin, crossOrigin: false }), "utf8");
}

export class SoftAuthenticator {
  readonly aaguid = Buffer.alloc(16);
  readonly credentials = new Map<string, SoftCredential>();

  constructor(
    readonly rpId: string,
    readonly origin: string,
  ) {}

  /** navigator.credentials.create() with attestation "none"; `challenge` is base64url as issued by the integrator. */
  create(challenge: string, faults: Faults = {}): AttestationJson & { raw: SoftCredential } {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const credentialId = randomBytes(32);
    const cred: SoftCredential = {
      credentialId,
      privateKey,
      rpId: this.rpId,
      userHandle: randomBytes(16),
      signCount: 0,
    };
    const flags = (faults.noUserPresence ? 0 : FLAG_UP) | FLAG_UV | FLAG_AT;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(credentialId.length, 0);
    const authData = Buffer.concat([
      sha256(faults.rpId ?? this.rpId),
      Buffer.from([flags]),
      u32(faults.signCount ?? 0),
      this.aaguid,
      idLen,
      credentialId,
      cborEncode(coseEs256(publicKey)),
    ]);
    const attestationObject = cborEncode({ fmt: "none", attStmt: new Map(), authData });
    const cdj = clientData(
      faults.type ?? "webauthn.create",
      Buffer.from(challenge, "base64url"),
      faults.origin ?? this.origin,
    );
    this.credentials.set(b64url(credentialId), cred);
    return {
      credentialId: b64url(credentialId),
      clientDataJson: b64url(cdj),
      attestationObject: b64url(attestationObject),
      transports: ["internal"],
      raw: cred,
    };
  }

  /** navigator.credentials.get(): `challenge` are the raw challenge bytes (for the service: UTF-8 of its hex string). */
  get(credentialId: string, challenge: Uint8Array, faults: Faults = {}): AssertionJson {
    const cred = this.credentials.get(credentialId);
    if (!cred) throw new Error(`soft authenticator: no credential ${credentialId}`);
    if (faults.signCount === undefined) cred.signCount += 1;
    const flags = (faults.noUserPresence ? 0 : FLAG_UP) | FLAG_UV;
    const authData = Buffer.concat([
      sha256(faults.rpId ?? cred.rpId),
      Buffer.from([flags]),
      u32(faults.signCount ?? cred.signCount),
    ]);
    const cdj = clientData(faults.type ?? "webauthn.get", challenge, faults.origin ?? this.origin);
    // §6.3.3 step 11: the signature covers authenticatorData ‖ SHA-256(clientDataJSON); ES256 → DER.
    const key = faults.wrongKey ? generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey : cred.privateKey;
    const signature = sign("sha256", Buffer.concat([authData, sha256(cdj)]), key);
    if (faults.badSignature) signature[signature.length - 1] ^= 0x01;
    return {
      credentialId,
      clientDataJson: b64url(cdj),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      userHandle: b64url(cred.userHandle),
    };
  }
}

/** A fresh integrator registration challenge: 32 random bytes, base64url (protocol.md "Passkeys"). */
export function registrationChallenge(): string {
  return b64url(randomBytes(32));
}
