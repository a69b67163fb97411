import { decimalsOf } from "./currencies";

const SCALE = 10n ** 12n;

/** The rate as an integer scaled by 1e12 (rates are positive numbers with at most 12 significant digits). */
function scaled(rate: number): bigint {
  const s = BigInt(Math.round(rate * 1e12));
  if (s <= 0n) throw new Error(`rate ${rate} is too small to convert with`);
  return s;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** Minor units of `from` → minor units of `to`, rounded down (the receiver never gets more than quoted). */
export function convertDown(amount: bigint, from: string, to: string, rate: number): bigint {
  const num = amount * scaled(rate) * pow10(decimalsOf(to));
  const den = SCALE * pow10(decimalsOf(from));
  return num / den;
}

/** The least amount of `from` (minor units) that converts to at least `amount` of `to`. */
export function convertUp(amount: bigint, from: string, to: string, rate: number): bigint {
  const num = amount * SCALE * pow10(decimalsOf(from));
  const den = scaled(rate) * pow10(decimalsOf(to));
  return (num + den - 1n) / den;
}
