import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { listResponse, paginationQuery } from "@/lib/server/core/pagination";
import { errorResponses } from "@/lib/server/core/common.contract";
import { institutionSchema, vaspSchema } from "./directory";

export const getDiscoveriesOp = defineOperation({
  operationId: "getDiscoveries",
  method: "GET",
  path: "/discoveries",
  summary: "List available receiving institution names",
  description:
    "Receiving institutions for a country and/or currency (all when neither is given), from the directory the service ships or DIRECTORY_FILE.",
  tags: ["Discoveries"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery.extend({
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "ISO 3166-1 alpha-2 code")
      .optional(),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, "ISO 4217 code")
      .optional(),
  }),
  responses: {
    200: { description: "Matching institutions", schema: listResponse(institutionSchema) },
    ...errorResponses(400, 401, 403),
  },
});

export const listVaspsOp = defineOperation({
  operationId: "listVasps",
  method: "GET",
  path: "/vasps",
  summary: "List VASPs",
  description: "The directory of Virtual Asset Service Providers recognized for counterparty declarations.",
  tags: ["VASPs"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  query: paginationQuery,
  responses: {
    200: { description: "A page of VASPs", schema: listResponse(vaspSchema) },
    ...errorResponses(400, 401, 403),
  },
});
