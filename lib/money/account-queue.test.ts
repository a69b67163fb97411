import { describe, expect, it } from "vitest";
import { executionQueueKeys, inAccountQueue, queuedAccountKeys } from "./account-queue";

const tick = () => new Promise((r) => setTimeout(r, 1));

/** A run that records when it starts and ends, and ends when told (or hands its turn on first). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe("inAccountQueue", () => {
  it("runs the payments of one key one at a time, in the order they joined, and leaves nothing behind", async () => {
    const log: string[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      inAccountQueue(["account:x"], async () => {
        log.push(`start ${i}`);
        await g.opened;
        log.push(`end ${i}`);
        return i;
      }),
    );
    await tick();
    expect(log).toEqual(["start 0"]);
    gates[2].open();
    gates[1].open();
    await tick();
    expect(log).toEqual(["start 0"]);
    gates[0].open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(log).toEqual(["start 0", "end 0", "start 1", "end 1", "start 2", "end 2"]);
    expect(queuedAccountKeys()).toBe(0);
  });

  it("keys of other accounts do not wait for each other", async () => {
    const g = gate();
    const started: string[] = [];
    const a = inAccountQueue(["account:a"], async () => {
      started.push("a");
      await g.opened;
    });
    const b = inAccountQueue(["account:b"], async () => {
      started.push("b");
    });
    await b;
    expect(started).toEqual(["a", "b"]);
    g.open();
    await a;
    expect(queuedAccountKeys()).toBe(0);
  });

  it("handOn lets the next payment start before this one ends", async () => {
    const g = gate();
    const log: string[] = [];
    const first = inAccountQueue(["account:x"], async (handOn) => {
      log.push("first locked");
      handOn();
      handOn(); // idempotent
      await g.opened;
      log.push("first committed");
    });
    const second = inAccountQueue(["account:x"], async () => {
      log.push("second");
    });
    await second;
    expect(log).toEqual(["first locked", "second"]);
    g.open();
    await first;
    expect(queuedAccountKeys()).toBe(0);
  });

  it("a failing payment ends its turn: the next one runs, and the failure reaches its own caller", async () => {
    const failing = inAccountQueue(["account:x"], async () => {
      throw new Error("rolled back");
    });
    const next = inAccountQueue(["account:x"], async () => "paid");
    await expect(failing).rejects.toThrow("rolled back");
    expect(await next).toBe("paid");
    expect(queuedAccountKeys()).toBe(0);
  });

  it("payments naming shared keys in opposite orders do not deadlock: each waits only for those that joined before it", async () => {
    const order: number[] = [];
    const runs = Array.from({ length: 40 }, (_, i) => {
      const keys = i % 2 === 0 ? ["account:p", "account:q", "customer:c"] : ["customer:c", "account:q", "account:p"];
      return inAccountQueue(i % 3 === 0 ? keys.slice(0, 2) : keys, async () => {
        order.push(i);
        await tick();
      });
    });
    await Promise.all(runs);
    expect(order).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(queuedAccountKeys()).toBe(0);
  });
});

describe("executionQueueKeys", () => {
  it("names the customer and each internal account by table, skipping what is absent", () => {
    expect(executionQueueKeys("c1", ["a1", null, "a2"])).toEqual(["customer:c1", "account:a1", "account:a2"]);
    expect(executionQueueKeys(null, ["a1"])).toEqual(["account:a1"]);
  });
});
