import net from "node:net";
import { describe, expect, it } from "vitest";
import { ephemeralLow, freePort } from "./server";

describe("freePort (a port a child server binds later)", () => {
  it("is below the ephemeral range, where no outgoing connection can take it before the server binds it", async () => {
    const low = ephemeralLow(); // where outgoing connections take their local ports
    if (low - 10_000 < 1_000) return; // no room below the range: it falls back to any free port
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(10_000);
      expect(port).toBeLessThan(low);
    }
  });

  it("is one no one listens on", async () => {
    const port = await freePort();
    const srv = net.createServer();
    await new Promise<void>((resolve, reject) => {
      srv.once("error", reject);
      srv.listen(port, "127.0.0.1", resolve);
    });
    await new Promise((r) => srv.close(r));
  });
});
