/** Compare a beneficiary name with the holder name a rail returned (spec "BeneficiaryVerificationStatus"). */
export type NameMatch = "MATCHED" | "PARTIAL_MATCH" | "NOT_MATCHED";

function tokens(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(" ")
    .filter(Boolean);
}

/**
 * MATCHED: the same words (case, accents, punctuation ignored). PARTIAL_MATCH: every word of the
 * shorter name appears in the longer one, allowing initials ("J. Doe" ~ "Jane Doe"), and the last
 * words agree or one name contains the other. Otherwise NOT_MATCHED.
 */
export function matchNames(expected: string, holder: string): NameMatch {
  const a = tokens(expected);
  const b = tokens(holder);
  if (a.length === 0 || b.length === 0) return "NOT_MATCHED";
  if (a.join(" ") === b.join(" ")) return "MATCHED";
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const covered = short.every((w) =>
    long.some((x) => x === w || (w.length === 1 && x.startsWith(w)) || (x.length === 1 && w.startsWith(x))),
  );
  return covered ? "PARTIAL_MATCH" : "NOT_MATCHED";
}
