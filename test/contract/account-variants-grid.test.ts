/**
 * Every accountInfo variant of lib/server/external-accounts/account-variants.ts, field by field, against Grid's
 * schemas (read at run time from Grid's OpenAPI document in the shared reference folder; skipped with a message when
 * it is absent): the same field names, the same required fields, and the same
 * per-currency beneficiary fields. Types and enums are compared by openapi-grid-fields.test.ts.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { accountInfoCreateSchema, accountInfoSchema } from "@/lib/server/external-accounts/account-info.schema";
import { loadGridDocument } from "@/test/support/grid-reference";
import { extractGridFields } from "@/test/support/grid-shapes/grid-fields";

type Json = Record<string, any>;
const gridDocument = await loadGridDocument();
const S = (gridDocument ? extractGridFields(gridDocument).schemas : {}) as Record<string, Json>;

/** Differences the spec decides. */
const DELIBERATE: Record<string, string> = {
  // spec "accountInfo variants" lists ILS_ACCOUNT; Grid's OpenAPI has no ILS variant.
  "create ILS_ACCOUNT": "no Grid variant",
  "output ILS_ACCOUNT": "no Grid variant",
  // spec rule 3: LIGHTNING_ACCOUNT is an alias of LIGHTNING (Grid maps it only in responses).
  "create LIGHTNING_ACCOUNT": "no Grid variant",
};

function differences(mode: "create" | "output"): string[] {
  const schema = mode === "create" ? accountInfoCreateSchema : accountInfoSchema;
  const js = z.toJSONSchema(schema, { io: mode === "create" ? "input" : "output", unrepresentable: "any" }) as Json;
  const grid = S[mode === "create" ? "ExternalAccountCreateInfoOneOf" : "ExternalAccountInfoOneOf"];
  const out: string[] = [];
  for (const v of js.oneOf ?? js.anyOf) {
    const type: string = v.properties.accountType.const;
    const g = S[grid.variants[type]];
    if (!g) {
      out.push(`${mode} ${type}`);
      continue;
    }
    // paymentRails is our read-only addition on every response variant (Grid has it on bank variants only); on create,
    // bank variants also take Grid client 0.7.0's paymentRails/countries, checked but not stored (account-info.schema.ts).
    const clientCopy = (f: string) => mode === "create" && (f === "paymentRails" || f === "countries") && !g.fields[f];
    const ours = Object.keys(v.properties).filter(
      (f) => !(mode === "output" && f === "paymentRails" && !g.fields.paymentRails) && !clientCopy(f),
    );
    const same = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
    if (!same(ours, Object.keys(g.fields)))
      out.push(`${mode} ${type} fields: ours ${ours.sort()} / Grid ${Object.keys(g.fields).sort()}`);
    const req = (v.required ?? []).filter((f: string) => ours.includes(f));
    if (!same(req, g.required))
      out.push(`${mode} ${type} required: ours ${req.sort()} / Grid ${[...g.required].sort()}`);
    const gb = g.fields.beneficiary?.ref ? S[g.fields.beneficiary.ref] : undefined;
    const mine: Json[] = v.properties.beneficiary
      ? (v.properties.beneficiary.oneOf ?? v.properties.beneficiary.anyOf ?? [])
      : [];
    for (const [bt, name] of Object.entries<string>(gb?.variants ?? {})) {
      const o = mine.find((x) => x.properties?.beneficiaryType?.const === bt);
      const gs = S[name];
      if (!o) out.push(`${mode} ${type} beneficiary ${bt}: missing`);
      else {
        if (!same(Object.keys(o.properties), Object.keys(gs.fields)))
          out.push(
            `${mode} ${type} beneficiary ${bt} fields: ours ${Object.keys(o.properties).sort()} / Grid ${Object.keys(gs.fields).sort()}`,
          );
        if (!same(o.required ?? [], gs.required))
          out.push(
            `${mode} ${type} beneficiary ${bt} required: ours ${(o.required ?? []).sort()} / Grid ${[...gs.required].sort()}`,
          );
      }
    }
  }
  return out;
}

describe("accountInfo variants vs Grid's schemas", () => {
  it.skipIf(!gridDocument)(
    "have Grid's field names, required fields and beneficiary fields, but for the spec's own variants",
    () => {
      expect([...differences("create"), ...differences("output")].sort()).toEqual(Object.keys(DELIBERATE).sort());
    },
  );

  it("refuse a field Grid does not define rather than dropping it", () => {
    const r = accountInfoCreateSchema.safeParse({
      accountType: "SWIFT_ACCOUNT",
      country: "DE",
      swiftCode: "DEUTDEFF",
      swiftBic: "DEUTDEFF",
      bankName: "Deutsche Bank",
      iban: "DE89370400440532013000",
      beneficiary: { beneficiaryType: "INDIVIDUAL", fullName: "Hans Muster", nickname: "h" },
    });
    expect(r.success).toBe(false);
    const unknown = r.success
      ? []
      : r.error.issues
          .filter((i) => i.code === "unrecognized_keys")
          .map((i) => [...i.path, ...(i as { keys: string[] }).keys].join("."));
    expect(unknown.sort()).toEqual(["beneficiary.nickname", "swiftBic"]);
  });
});
