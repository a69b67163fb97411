import { randomInt } from "node:crypto";
import { ApiError } from "@/lib/server/core/errors";
import type { PlatformPrincipal } from "@/lib/server/core/principal";

/**
 * The card processor seam: where a production card issuer (its issuing API, its iframe) plugs in.
 * Only the sandbox processor exists; a platform outside SANDBOX gets 501 NOT_IMPLEMENTED, as Grid
 * answers in an environment without a configured card issuer.
 */
interface IssuedCard {
  state: "PROCESSING" | "ACTIVE" | "CLOSED";
  stateReason: "ISSUER_REJECTED" | null;
  brand: "VISA" | "MASTERCARD";
  pan: string;
  cvv: string;
  expMonth: number;
  expYear: number;
  processorRef: string;
}

export interface CardProcessor {
  issue(input: { cardId: string; outcomeKey: string }): Promise<IssuedCard>;
}

/** Visa's documented test BIN range: numbers that no real issuer routes. */
export const SANDBOX_BIN = "400000";

/** The Luhn check digit of a string of digits (ISO/IEC 7812-1). */
function luhnCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

export function luhnValid(pan: string): boolean {
  return /^\d{12,19}$/.test(pan) && luhnCheckDigit(pan.slice(0, -1)) === pan.slice(-1);
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join("");

/**
 * Sandbox issuance (Grid's cards sandbox page): the key's last three characters 001 → PROCESSING, 002 → rejected, else
 * ACTIVE. The key is the name the partner chose (platformCardId, empty without one), never an id this service mints:
 * a minted id would pick an outcome at random.
 */
const sandboxCardProcessor: CardProcessor = {
  async issue({ cardId, outcomeKey }) {
    const body = SANDBOX_BIN + digits(9);
    const now = new Date();
    const suffix = outcomeKey.slice(-3);
    return {
      state: suffix === "001" ? "PROCESSING" : suffix === "002" ? "CLOSED" : "ACTIVE",
      stateReason: suffix === "002" ? "ISSUER_REJECTED" : null,
      brand: "VISA",
      pan: body + luhnCheckDigit(body),
      cvv: digits(3),
      expMonth: now.getUTCMonth() + 1,
      expYear: now.getUTCFullYear() + 4,
      processorRef: `sandbox_card_${cardId.replace(/-/g, "").slice(-12)}`,
    };
  },
};

export function cardProcessorFor(platform: PlatformPrincipal): CardProcessor {
  if (platform.environment === "SANDBOX") return sandboxCardProcessor;
  throw new ApiError(
    "NOT_IMPLEMENTED",
    "Card issuance is not enabled in this environment: no card processor is configured",
  );
}
