import fs from "node:fs";
import path from "node:path";
import { hexToBytes } from "@/lib/shared/crypto/web/encoding";
import { env } from "@/lib/shared/config/env";
import { logger } from "@/lib/shared/log/logger";

/**
 * The key-encryption key (protocol.md "otpEncryptionTargetBundle": private keys at rest only
 * AES-256-GCM-encrypted under a key from configuration). From KEY_ENCRYPTION_KEY; for the embedded
 * default it is generated once into `${DATA_DIR}/kek.hex` (mode 0600), which production must not rely on.
 */
export const KEK_FILE_NAME = "kek.hex";

type G = typeof globalThis & { __keyEncryptionKey?: Uint8Array };
const g = globalThis as G;

export function getKeyEncryptionKey(): Uint8Array {
  if (!g.__keyEncryptionKey) {
    const cfg = env();
    g.__keyEncryptionKey = loadKeyEncryptionKey({ configuredHex: cfg.KEY_ENCRYPTION_KEY, dataDir: cfg.DATA_DIR });
  }
  return g.__keyEncryptionKey;
}

/** Configuration first; otherwise the key file under dataDir, created exclusively if absent. */
export function loadKeyEncryptionKey(opts: { configuredHex?: string; dataDir: string }): Uint8Array {
  if (opts.configuredHex) return parseKek(opts.configuredHex, "KEY_ENCRYPTION_KEY");
  const file = path.resolve(/*turbopackIgnore: true*/ opts.dataDir, KEK_FILE_NAME);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let created = false;
  try {
    const fresh = globalThis.crypto.getRandomValues(new Uint8Array(32));
    // "wx": of two processes starting together exactly one creates the file; the other reads it.
    fs.writeFileSync(file, `${Buffer.from(fresh).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
    created = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const key = readKekFile(file);
  logger.warn(
    { file, created },
    "KEY_ENCRYPTION_KEY is not set: using a key-encryption key kept in DATA_DIR. Production must set KEY_ENCRYPTION_KEY (64 hex characters) from a secret store.",
  );
  return key;
}

function readKekFile(file: string): Uint8Array {
  // A concurrent creator may not have finished writing: retry briefly on an empty/short file.
  for (let attempt = 0; ; attempt++) {
    const text = fs.readFileSync(file, "utf8").trim();
    if (text.length === 64 || attempt >= 50) return parseKek(text, file);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
}

function parseKek(hex: string, source: string): Uint8Array {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    throw new Error(
      `key-encryption key from ${source}: expected 64 hex characters (32 bytes), received ${hex.length} characters`,
    );
  }
  return hexToBytes(hex);
}
