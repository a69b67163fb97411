import fs from "node:fs";
import { z } from "zod";
import { env } from "@/lib/shared/config/env";
import shipped from "./directory.json";

export const institutionSchema = z.object({
  bankName: z.string().min(1).describe("Pass as bankName when creating an external account"),
  displayName: z.string().min(1),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .describe("ISO 3166-1 alpha-2"),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .describe("ISO 4217"),
});
export const vaspSchema = z.object({
  vaspName: z.string().min(1).describe("Pass as vaspName when declaring a VASP-hosted counterparty"),
  url: z.string().url().optional(),
});
const umaProviderEntry = z.object({
  name: z.string().min(1),
  domain: z.string().min(1),
  supportedRegions: z.array(z.string().regex(/^[A-Z]{2}$/)),
  supportedCurrencies: z.array(z.string().regex(/^[A-Z]{3,4}$/)),
  logoUrl: z.string().url().optional(),
  lei: z.string().optional(),
});
const directorySchema = z.object({
  source: z.string().optional(),
  institutions: z.array(institutionSchema),
  vasps: z.array(vaspSchema),
  umaProviders: z.array(umaProviderEntry).default([]),
});
export type Directory = z.infer<typeof directorySchema>;

let cached: Directory | undefined;

/**
 * The directory of receiving institutions and VASPs: the table shipped in directory.json (its `source` says
 * where it comes from), or the JSON file of the same shape named by DIRECTORY_FILE. Read once per process;
 * start-up loads it, so a bad file stops the server naming the variable.
 */
export function directory(): Directory {
  if (cached) return cached;
  const file = env().DIRECTORY_FILE;
  const raw: unknown = file ? JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ file, "utf8")) : shipped;
  const parsed = directorySchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(
      `DIRECTORY_FILE ${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`,
    );
  }
  cached = parsed.data;
  return cached;
}
