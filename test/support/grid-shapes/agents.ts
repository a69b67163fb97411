/**
 * Grid's agent actions (components AgentAction, AgentActionStatus, AgentActionType, AgentTransferDetails; the data of
 * AgentActionWebhook), written as our own zod schema from Grid's public OpenAPI.
 */
import { z } from "zod";
import { isoDateTime } from "./common";
import { gridQuote } from "./quotes";
import { gridTransaction } from "./transactions";

export const gridAgentAction = z.object({
  id: z.string(),
  agentId: z.string(),
  customerId: z.string(),
  platformCustomerId: z.string(),
  status: z.enum(["PENDING_APPROVAL", "APPROVED", "REJECTED", "FAILED"]),
  type: z.enum(["EXECUTE_QUOTE", "TRANSFER_OUT", "TRANSFER_IN"]),
  quote: gridQuote.optional(),
  transferDetails: z
    .object({
      amount: z.number().int(),
      currency: z.string(),
      sourceAccountId: z.string(),
      destinationAccountId: z.string(),
    })
    .optional(),
  transaction: gridTransaction.optional(),
  rejectionReason: z.string().optional(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
