import { describe, expect, it } from "vitest";
import { retryOnConflict } from "./retry-conflicts";

const pgError = (code: string) => Object.assign(new Error(`pg ${code}`), { code });

describe("retryOnConflict", () => {
  it("runs the transaction again after a deadlock or a serialization failure and answers with its result", async () => {
    for (const code of ["40P01", "40001"]) {
      let runs = 0;
      const out = await retryOnConflict(async () => {
        runs++;
        if (runs < 3) throw pgError(code);
        return "paid";
      });
      expect(out).toBe("paid");
      expect(runs).toBe(3);
    }
  });
  it("finds the database error under a wrapper's cause (drizzle wraps the driver's error)", async () => {
    let runs = 0;
    await retryOnConflict(async () => {
      if (runs++ === 0) throw Object.assign(new Error("Failed query"), { cause: pgError("40P01") });
    });
    expect(runs).toBe(2);
  });
  it("does not retry any other error", async () => {
    let runs = 0;
    const unique = pgError("23505");
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw unique;
      }),
    ).rejects.toBe(unique);
    expect(runs).toBe(1);
  });
  it("gives up after the attempts, throwing the last conflict", async () => {
    let runs = 0;
    await expect(
      retryOnConflict(async () => {
        runs++;
        throw pgError("40001");
      }, 3),
    ).rejects.toMatchObject({ code: "40001" });
    expect(runs).toBe(3);
  });
});
