import { describe, expect, it } from "vitest";
import { normalizeDeviceCode } from "@/lib/server/agents/agent-secrets";
import { transferAllowedForStatus } from "./account-rules";
import { BANK_VARIANTS, VARIANTS } from "./account-variants";
import { matchNames } from "./name-match";
import { isBolt11, isBolt12, isLightningAddress, isValidWalletAddress } from "./wallet-address";

describe("variant table", () => {
  it("has the spec's 39 bank variants and 48 accountType values in all", () => {
    expect(BANK_VARIANTS).toHaveLength(39);
    expect(new Set(VARIANTS.map((v) => v.accountType)).size).toBe(48);
  });
});

describe("name matching", () => {
  it.each([
    ["Jane Doe", "JANE  DOE", "MATCHED"],
    ["José Álvarez", "Jose Alvarez", "MATCHED"],
    ["Jane Doe", "J. Doe", "PARTIAL_MATCH"],
    ["Jane Q Doe", "Jane Doe", "PARTIAL_MATCH"],
    ["Acme", "Acme Holdings", "PARTIAL_MATCH"],
    ["Jane Doe", "John Smith", "NOT_MATCHED"],
    ["Jane Doe", "", "NOT_MATCHED"],
  ])("%s vs %s → %s", (a, b, want) => expect(matchNames(a, b)).toBe(want));
});

describe("wallet and Lightning formats", () => {
  it("checks each chain's address encoding", () => {
    expect(isValidWalletAddress("EVM", "0x7e5f4552091a69125d5dfcb7b8c2659029395BDF")).toBe(true);
    expect(isValidWalletAddress("EVM", "7e5f4552091a69125d5dfcb7b8c2659029395bdf")).toBe(false);
    expect(isValidWalletAddress("SOLANA", "4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb4xXHzsAbd8Wg")).toBe(true);
    expect(isValidWalletAddress("SOLANA", "4Nd1m6Qkq7RfKuE5vQ9qP9Tn6H94Ueqb")).toBe(false);
    expect(isValidWalletAddress("TRON", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL")).toBe(true);
    expect(isValidWalletAddress("TRON", "TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeM")).toBe(false);
    expect(isValidWalletAddress("SPARK", "spark1pgssymd2tclhssydekkfgcj6ldu4d7z0pprcw7nxfng9hktmk7tpmekd4v202u")).toBe(
      true,
    );
    expect(isValidWalletAddress("SPARK", "spark1pgssymd2tclhssydekkfgcj6ldu4d7z0pprcw7nxfng9hktmk7tpmekd4v202a")).toBe(
      false,
    );
    expect(isBolt11("lnbc1notbech32")).toBe(false);
    expect(isBolt12("lno1qgsqvgnwgcg35z6ee2h3yczraddm72xrfua9uve2rlrm9deu7xyfzrc")).toBe(true);
    expect(isLightningAddress("alice@example.com")).toBe(true);
    expect(isLightningAddress("alice")).toBe(false);
  });
});

describe("rules", () => {
  it("allows small transfers while ownership is unverified, none while UNVERIFIED", () => {
    expect(transferAllowedForStatus("PENDING_OWNERSHIP_VERIFICATION", 99_999)).toBe(true);
    expect(transferAllowedForStatus("PENDING_OWNERSHIP_VERIFICATION", 100_000)).toBe(false);
    expect(transferAllowedForStatus("UNVERIFIED", 1)).toBe(false);
    expect(transferAllowedForStatus("ACTIVE", 10 ** 9)).toBe(true);
  });

  it("normalises typed device codes", () => {
    expect(normalizeDeviceCode(" abcd efgh ")).toBe("ABCD-EFGH");
    expect(normalizeDeviceCode("ABCD-EFG0")).toBeNull();
    expect(normalizeDeviceCode("ABCD-EFGHJ")).toBeNull();
  });
});
