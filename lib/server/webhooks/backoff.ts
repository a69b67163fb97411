/**
 * Wait before attempt n+1 after n failed attempts: base·2^(n-1), capped (protocol.md: cap 30 min).
 * With the default base of 30 s: 30 s, 1 min, 2 min, 4 min, 8 min, 16 min, then every 30 min until 7 days.
 */
export function retryDelayMs(failedAttempts: number, baseMs: number, capMs: number): number {
  const n = Math.max(1, failedAttempts);
  const exp = Math.min(n - 1, 40);
  return Math.min(capMs, baseMs * 2 ** exp);
}
