import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/config/env";

/**
 * The key-encryption key (32 bytes) that protects private keys at rest: KEY_ENCRYPTION_KEY, or a
 * key generated once under DATA_DIR (mode 0600). Every instance sharing a database must share it.
 * TODO(wt-b): replace with lib/keys getKeyEncryptionKey() once that lands.
 */
export function keyEncryptionKey(): Buffer {
  const cfg = env();
  if (cfg.KEY_ENCRYPTION_KEY) return Buffer.from(cfg.KEY_ENCRYPTION_KEY, "hex");
  const file = path.resolve(/*turbopackIgnore: true*/ cfg.DATA_DIR, "key-encryption-key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(32).toString("hex") + "\n", { mode: 0o600, flag: "wx" });
    } catch (e) {
      // Another process created it first: use theirs.
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  const hex = fs.readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error(`${file}: expected 64 hex characters`);
  return Buffer.from(hex, "hex");
}

/** AES-256-GCM, fresh 96-bit IV; `v1.<iv>.<ct‖tag>` in base64url; `aad` binds the value to its place. */
export function sealAtRest(plaintext: Buffer, aad: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv("aes-256-gcm", keyEncryptionKey(), iv);
  c.setAAD(Buffer.from(aad, "utf8"));
  const ct = Buffer.concat([c.update(plaintext), c.final(), c.getAuthTag()]);
  return `v1.${iv.toString("base64url")}.${ct.toString("base64url")}`;
}

export function openAtRest(value: string, aad: string): Buffer {
  const [v, ivB, ctB] = value.split(".");
  if (v !== "v1" || !ivB || !ctB) throw new Error('at-rest: expected "v1.<iv>.<ciphertext>"');
  const iv = Buffer.from(ivB, "base64url");
  const all = Buffer.from(ctB, "base64url");
  const d = crypto.createDecipheriv("aes-256-gcm", keyEncryptionKey(), iv);
  d.setAAD(Buffer.from(aad, "utf8"));
  d.setAuthTag(all.subarray(all.length - 16));
  return Buffer.concat([d.update(all.subarray(0, all.length - 16)), d.final()]);
}
