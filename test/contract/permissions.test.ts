import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { AGENT_PERMISSIONS, type AnyOperation, TOKEN_PERMISSIONS } from "@/lib/server/core/operation";
import { hostedKycPageOp, submitHostedKycPageOp } from "@/lib/server/hosted-kyc/hosted-kyc.contract";
import { openApiDocument } from "@/lib/server/edge/openapi/document";
import { umaLnurlpOp, umaPayRequestOp, umaPubKeysOp, umaSettlementOp } from "@/lib/server/uma/uma-vasp.contract";
import { operations } from "@/lib/server/edge/openapi/operations";
import { PERMISSIONS_DOC_FILE, permissionsDocSource } from "@/scripts/permissions-doc";

const ALLOWED: Record<AnyOperation["auth"], readonly string[]> = {
  platform: TOKEN_PERMISSIONS,
  agent: [...AGENT_PERMISSIONS, "AGENT"],
  none: ["PUBLIC"],
};

/** Operations sent with a write method that change nothing, each with its reason. */
const READS_BY_POST: Record<string, string> = {
  estimateCryptoWithdrawalFee: "an estimate: it prices a withdrawal and stores nothing",
};

const all = [
  ...new Set([
    ...operations,
    hostedKycPageOp,
    submitHostedKycPageOp,
    umaPubKeysOp,
    umaLnurlpOp,
    umaPayRequestOp,
    umaSettlementOp,
  ]),
];

describe("the operation catalogue's permissions", () => {
  it("every operation declares a permission of its auth scheme and whether it changes state", () => {
    const wrong = all
      .filter((op) => {
        const a = (op as Partial<AnyOperation>).access;
        return !a || !ALLOWED[op.auth].includes(a.permission) || typeof a.changesState !== "boolean";
      })
      .map((op) => op.operationId);
    expect(wrong, "operations without a valid `access`").toEqual([]);
  });

  it("an operation that changes state needs TRANSACT or MANAGE, whatever its method", () => {
    const viewWrites = operations
      .filter((op) => op.auth === "platform" && op.access.changesState && op.access.permission === "VIEW")
      .map((op) => op.operationId);
    expect(viewWrites).toEqual([]);
  });

  it("an operation with a write method changes state unless it is named, with its reason, as a read", () => {
    const undeclared = all
      .filter((op) => op.method !== "GET" && !op.access.changesState && !READS_BY_POST[op.operationId])
      .map((op) => op.operationId);
    expect(undeclared).toEqual([]);
  });

  it("the served document shows each operation's permission (x-required-permission and its description)", () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    for (const op of operations) {
      const o = doc.paths[op.path][op.method.toLowerCase()];
      expect(o["x-required-permission"], op.operationId).toBe(op.access.permission);
      if (op.auth === "platform") expect(o.description, op.operationId).toContain(`\`${op.access.permission}\``);
    }
  }, 30_000); // builds the whole document: seconds, more on a loaded machine

  it("docs/permissions.md is current with the catalogue (else run `npm run docs:permissions`)", () => {
    expect(
      fs.readFileSync(PERMISSIONS_DOC_FILE, "utf8") === permissionsDocSource(),
      "docs/permissions.md is stale: run `npm run docs:permissions`",
    ).toBe(true);
  });
});
