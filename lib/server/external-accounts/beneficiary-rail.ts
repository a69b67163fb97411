import type { PlatformPrincipal } from "@/lib/server/core/principal";
import { matchNames } from "./name-match";

/**
 * A beneficiary rail answers who holds an account (or why it cannot say). The service compares that
 * holder name with the beneficiary name (name-match.ts). Rails are pluggable: one per environment here;
 * a real integration implements `lookupHolder` for its payment network.
 */
type RailAnswer =
  | { kind: "HOLDER"; name: string }
  | { kind: "UNSUPPORTED" | "PENDING" | "CHECKED_BY_RECEIVING_FI" }
  | { kind: "INVALID_ACCOUNT" };

export interface BeneficiaryRail {
  lookupHolder(q: { accountType: string; identifier: string; beneficiaryName: string }): Promise<RailAnswer>;
}

/**
 * Sandbox rail, deterministic by the last three digits of the account identifier (docs/areas.md "Sandbox
 * beneficiary verification"): 102 a different holder, 103 a partial form of the beneficiary's name,
 * 104 PENDING, 105 invalid account (400), 106 UNSUPPORTED, 107 CHECKED_BY_RECEIVING_FI; otherwise the
 * beneficiary's own name.
 */
const sandboxRail: BeneficiaryRail = {
  async lookupHolder({ identifier, beneficiaryName }) {
    const suffix = identifier.replace(/[^0-9]/g, "").slice(-3);
    switch (suffix) {
      case "102":
        return { kind: "HOLDER", name: "Sandbox Unrelated Holder" };
      case "103":
        return { kind: "HOLDER", name: partialForm(beneficiaryName) };
      case "104":
        return { kind: "PENDING" };
      case "105":
        return { kind: "INVALID_ACCOUNT" };
      case "106":
        return { kind: "UNSUPPORTED" };
      case "107":
        return { kind: "CHECKED_BY_RECEIVING_FI" };
      default:
        return { kind: "HOLDER", name: beneficiaryName };
    }
  },
};

/** Production without a configured name-check provider: the rail cannot say. */
const noRail: BeneficiaryRail = {
  async lookupHolder() {
    return { kind: "UNSUPPORTED" };
  },
};

export function railFor(platform: Pick<PlatformPrincipal, "environment">): BeneficiaryRail {
  return platform.environment === "SANDBOX" ? sandboxRail : noRail;
}

/** "Jane Q Doe" → "J. Doe"; a one-word name gains a word. */
function partialForm(name: string): string {
  const words = name.trim().split(/\s+/);
  if (words.length < 2) return `${name} Holdings`;
  return `${words[0][0]}. ${words[words.length - 1]}`;
}

export interface BeneficiaryCheck {
  status: "MATCHED" | "PARTIAL_MATCH" | "NOT_MATCHED" | "UNSUPPORTED" | "PENDING" | "CHECKED_BY_RECEIVING_FI";
  holderName: string | null;
}

/** Run the rail and the name comparison; null when the rail reports the account invalid. */
export async function checkBeneficiary(
  rail: BeneficiaryRail,
  q: { accountType: string; identifier: string; beneficiaryName: string },
): Promise<BeneficiaryCheck | null> {
  const answer = await rail.lookupHolder(q);
  if (answer.kind === "INVALID_ACCOUNT") return null;
  if (answer.kind !== "HOLDER") return { status: answer.kind, holderName: null };
  return { status: matchNames(q.beneficiaryName, answer.name), holderName: answer.name };
}
