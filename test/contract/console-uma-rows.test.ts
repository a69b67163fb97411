import { describe, expect, it } from "vitest";
import { sendingVasp, transactionRows } from "@/app/console/(signed-in)/_ui/transaction-rows";
import type { ConsoleT } from "@/lib/integrator/console/i18n";

const t = ((key: string, values?: Record<string, string>) =>
  values ? `${key}(${Object.values(values).join(",")})` : key) as unknown as ConsoleT;

describe("the console's incoming UMA payments", () => {
  it("name the sender and its VASP", () => {
    const tx = {
      id: "Transaction:1",
      status: "COMPLETED",
      type: "INCOMING",
      direction: "INCOMING",
      source: { sourceType: "UMA_ADDRESS", umaAddress: "$alice@a.internal" },
      createdAt: "2026-12-07T10:00:00Z",
    };
    expect(sendingVasp(tx)).toBe("a.internal");
    expect(transactionRows([tx], t, "en")[0].cells.direction).toBe(
      "transactions.incoming · transactions.fromUma($alice@a.internal)",
    );
    expect(sendingVasp({ ...tx, source: { sourceType: "ACCOUNT", accountId: "x" } })).toBeUndefined();
  });
});
