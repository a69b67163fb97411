import crypto from "node:crypto";

/**
 * A secp256k1 key pair and a self-signed X.509 v3 certificate of its public key, as UMA publishes a VASP's keys
 * (UMAD-10 `/.well-known/lnurlpubkey`: PEM certificate chains, leaf first). Node's crypto makes the keys and the
 * ECDSA signature but builds no certificate, so the few DER structures of one are written here.
 */
export interface CertifiedKey {
  /** The 32-byte private scalar. */
  privateKey: Uint8Array;
  certPem: string;
}

function der(tag: number, content: Buffer): Buffer {
  const n = content.length;
  const len = n < 0x80 ? Buffer.from([n]) : n < 0x100 ? Buffer.from([0x81, n]) : Buffer.from([0x82, n >> 8, n & 0xff]);
  return Buffer.concat([Buffer.from([tag]), len, content]);
}

const seq = (...parts: Buffer[]) => der(0x30, Buffer.concat(parts));
const ECDSA_WITH_SHA256 = seq(Buffer.from("06082a8648ce3d040302", "hex"));

function name(commonName: string): Buffer {
  const cn = seq(Buffer.from("0603550403", "hex"), der(0x0c, Buffer.from(commonName, "utf8")));
  return seq(der(0x31, cn));
}

/** UTCTime (YYMMDDHHMMSSZ): certificates use it for dates before 2050. */
function utcTime(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, "").slice(2, 14);
  return der(0x17, Buffer.from(`${s}Z`, "ascii"));
}

export function newCertifiedKey(commonName: string, now = new Date()): CertifiedKey {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("ec", { namedCurve: "secp256k1" });
  const serial = crypto.randomBytes(16);
  serial[0] &= 0x7f;
  const notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3600 * 1000);
  const tbs = seq(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, serial),
    ECDSA_WITH_SHA256,
    name(commonName),
    seq(utcTime(now), utcTime(notAfter)),
    name(commonName),
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = crypto.sign("sha256", tbs, privateKey);
  const cert = seq(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const b64 = cert.toString("base64").replace(/.{64}/g, "$&\n");
  const jwk = privateKey.export({ format: "jwk" });
  return {
    privateKey: new Uint8Array(Buffer.from(String(jwk.d), "base64url")),
    certPem: `-----BEGIN CERTIFICATE-----\n${b64.replace(/\n$/, "")}\n-----END CERTIFICATE-----\n`,
  };
}
