import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { call, newPlatform, startPeerServer } from "../../support/api";
import { tempDir } from "../../support/server";

describe("discoveries and VASPs", () => {
  it("lists the shipped institutions by country and currency, paginated like the other lists", async () => {
    const p = await newPlatform();
    const ph = await call("GET", "/discoveries?country=PH&currency=php", { auth: p.auth });
    expect(ph.status).toBe(200);
    expect(ph.body.data).toContainEqual({
      bankName: "BDO Unibank",
      displayName: "BDO Unibank",
      country: "PH",
      currency: "PHP",
    });
    expect(ph.body.data.every((d: any) => d.country === "PH" && d.currency === "PHP")).toBe(true);
    const all = await call("GET", "/discoveries?limit=100", { auth: p.auth });
    expect(all.body.data.length).toBeGreaterThan(30);
    const first = await call("GET", "/discoveries?limit=5", { auth: p.auth });
    const second = await call("GET", `/discoveries?limit=5&cursor=${first.body.nextCursor}`, { auth: p.auth });
    expect(first.body.hasMore).toBe(true);
    expect([...first.body.data, ...second.body.data]).toEqual(all.body.data.slice(0, 10));
    expect((await call("GET", "/discoveries?country=XX", { auth: p.auth })).body).toEqual({
      data: [],
      hasMore: false,
      totalCount: 0,
    });
    const bad = await call("GET", "/discoveries?country=PHL&cursor=zzz", { auth: p.auth });
    expect(bad.status).toBe(400);
    expect((await call("GET", "/discoveries")).status).toBe(401);
    const vasps = await call("GET", "/vasps", { auth: p.auth });
    expect(vasps.body.data).toContainEqual({ vaspName: "Kraken", url: "https://www.kraken.com" });
  });

  it("a deployment replaces the table with DIRECTORY_FILE; a malformed file stops the server naming the variable", async () => {
    const dir = tempDir("directory-");
    const file = path.join(dir, "directory.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        institutions: [{ bankName: "Only Bank", displayName: "Only", country: "FR", currency: "EUR" }],
        vasps: [{ vaspName: "Only VASP" }],
      }),
    );
    const peer = await startPeerServer({ DIRECTORY_FILE: file });
    try {
      const p = await newPlatform();
      const res = await fetch(`${peer.url}/api/2025-10-13/discoveries`, { headers: { authorization: p.auth } });
      expect(await res.json()).toEqual({
        data: [{ bankName: "Only Bank", displayName: "Only", country: "FR", currency: "EUR" }],
        hasMore: false,
        totalCount: 1,
      });
      const v = await fetch(`${peer.url}/api/2025-10-13/vasps`, { headers: { authorization: p.auth } });
      expect((await v.json()).data).toEqual([{ vaspName: "Only VASP" }]);
    } finally {
      await peer.stop();
    }
    const broken = path.join(dir, "broken.json");
    fs.writeFileSync(broken, JSON.stringify({ institutions: [{ bankName: "" }], vasps: [] }));
    await expect(startPeerServer({ DIRECTORY_FILE: broken })).rejects.toThrow(/DIRECTORY_FILE/);
  });
});
