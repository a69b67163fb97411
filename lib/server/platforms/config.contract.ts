import { defineOperation } from "@/lib/server/core/operation";
import { errorResponses } from "@/lib/server/core/common.contract";
import { platformConfigSchema, platformSettingsPatchSchema } from "./platform.contract";

export const getConfigOp = defineOperation({
  operationId: "getPlatformConfig",
  method: "GET",
  path: "/config",
  summary: "Get the platform configuration",
  tags: ["Platform Configuration"],
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  responses: { 200: { description: "The configuration", schema: platformConfigSchema }, ...errorResponses(401) },
});

export const updateConfigOp = defineOperation({
  operationId: "updatePlatformConfig",
  method: "PATCH",
  path: "/config",
  summary: "Change the platform configuration",
  description: "Partial update. `environment`, `enclaveQuorumPublic` and `webhookPublicKey` are read-only.",
  tags: ["Platform Configuration"],
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: platformSettingsPatchSchema,
  responses: { 200: { description: "The configuration", schema: platformConfigSchema }, ...errorResponses(400, 401) },
});
