import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bytesToHex } from "@/lib/shared/crypto/web/encoding";
import { KEK_FILE_NAME, loadKeyEncryptionKey } from "./kek";

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), "kek-"));

describe("key-encryption key", () => {
  it("prefers configuration (hex, any case)", () => {
    const hex = "AB".repeat(32);
    expect(bytesToHex(loadKeyEncryptionKey({ configuredHex: hex, dataDir: tmp() }))).toBe("ab".repeat(32));
  });
  it("generates once into DATA_DIR/kek.hex with mode 0600, then reuses it", () => {
    const dir = path.join(tmp(), "nested");
    const first = loadKeyEncryptionKey({ dataDir: dir });
    const file = path.join(dir, KEK_FILE_NAME);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(bytesToHex(first));
    expect(first).toHaveLength(32);
    expect(loadKeyEncryptionKey({ dataDir: dir })).toEqual(first);
    expect(loadKeyEncryptionKey({ dataDir: tmp() })).not.toEqual(first);
  });
  it("refuses a corrupt key file, naming it", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, KEK_FILE_NAME), "not-a-key\n");
    expect(() => loadKeyEncryptionKey({ dataDir: dir })).toThrow(/kek\.hex: expected 64 hex characters/);
  });
});
