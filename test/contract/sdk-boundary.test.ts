import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The integrator's walls (ARCHITECTURE.md): lib/sdk reaches the service only over HTTP and imports only itself and
 * the isomorphic crypto core; lib/integrator/** imports only lib/sdk, lib/shared/crypto/web, itself and npm packages (its own
 * tables through one door, store.ts); the integrator's pages and routes import no service area and no db.
 */
const ROOT = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .flatMap((e) =>
      e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)
        ? [path.relative(ROOT, path.join(e.parentPath, e.name))]
        : [],
    );
}

/** Every module a file imports, as a path from the repository root ("lib/sdk/types"), or the package name. */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm)].map((m) => m[1]);
  return specs.map((s) =>
    s.startsWith("@/")
      ? s.slice(2)
      : s.startsWith(".")
        ? path.relative(ROOT, path.resolve(ROOT, path.dirname(file), s))
        : s,
  );
}

const inside = (target: string, ...dirs: string[]) => dirs.some((d) => target === d || target.startsWith(`${d}/`));
const isRepoPath = (target: string) => /^(lib|db|app|scripts|test)(\/|$)/.test(target);

const STORE = "lib/integrator/backend/store.ts";
const STORE_ALLOWED = ["db/client", "db/schema/integrator"];

describe("the integrator's walls", () => {
  it.each(sources("lib/sdk"))(
    "%s imports only the SDK itself and lib/shared/crypto/web (no package, no server code)",
    (file) => {
      const bad = imports(file).filter((t) => !inside(t, "lib/sdk", "lib/shared/crypto/web"));
      expect(bad).toEqual([]);
    },
  );

  it.each(sources("lib/integrator"))(
    "%s imports only lib/sdk, lib/shared/crypto/web, lib/integrator and packages",
    (file) => {
      const allowed = (t: string) =>
        !isRepoPath(t) ||
        inside(t, "lib/sdk", "lib/shared/crypto/web", "lib/integrator") ||
        (file === STORE && STORE_ALLOWED.includes(t));
      expect(imports(file).filter((t) => !allowed(t))).toEqual([]);
    },
  );

  it.each([
    ...sources("app/(front)"),
    ...sources("app/(wallet)"),
    ...sources("app/console"),
    ...sources("app/integrator"),
  ])("%s imports no service area and no db", (file) => {
    const bad = imports(file).filter((t) => isRepoPath(t) && !inside(t, "lib/sdk", "lib/integrator", "app"));
    expect(bad).toEqual([]);
  });
});
