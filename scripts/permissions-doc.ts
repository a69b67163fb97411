/**
 * docs/permissions.md, generated from the operation catalogue (lib/server/edge/openapi/operations.ts, each operation's `access`):
 * `npm run docs:permissions` rewrites it, and test/contract/permissions.test.ts fails when the checked-in file is not current.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { operations } from "@/lib/server/edge/openapi/operations";

export const PERMISSIONS_DOC_FILE = path.resolve(import.meta.dirname, "..", "docs", "permissions.md");

const AUTH = { platform: "BasicAuth", agent: "AgentAuth", none: "none" } as const;

export function permissionsDocSource(): string {
  const rows = [...new Set(operations)].map(
    (op) =>
      `| \`${op.operationId}\` | ${op.method} | \`${op.path}\` | ${AUTH[op.auth]} | ${op.access.permission} | ${op.access.changesState ? "yes" : "no"} |`,
  );
  return [
    "# Permissions per operation",
    "",
    "Generated from the operation catalogue by `npm run docs:permissions`; do not edit by hand. Each operation declares",
    "the permission it needs (`access` in its contract); the handler wrapper checks it before it reads the request, and the",
    "served OpenAPI document shows it as `x-required-permission`. BasicAuth operations name the API token permission",
    "(VIEW, TRANSACT, MANAGE; the platform's own credentials hold every one); AgentAuth operations name the agent policy",
    "permission (AGENT: any agent of the platform). An operation that changes state needs TRANSACT or MANAGE, whatever",
    'its method. The rules behind the table: docs/protocol.md "API token permissions".',
    "",
    "| Operation | Method | Path | Auth | Permission | Changes state |",
    "| --- | --- | --- | --- | --- | --- |",
    ...rows,
    "",
  ].join("\n");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  fs.writeFileSync(PERMISSIONS_DOC_FILE, permissionsDocSource());
  console.log(`wrote ${path.relative(process.cwd(), PERMISSIONS_DOC_FILE)}`);
}
