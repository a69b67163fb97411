import { z } from "zod";
import { defineOperation } from "@/lib/server/core/operation";
import { defineEvent } from "@/lib/server/core/events";
import { errorResponses } from "@/lib/server/core/common.contract";
import { currencyAmountSchema } from "@/lib/server/internal-accounts/internal-account.contract";

export const UMA_ADDRESS = /^\$[A-Za-z0-9._-]{1,64}@[A-Za-z0-9.-]{1,253}$/;
const umaAddress = z.string().regex(UMA_ADDRESS, "UMA address such as $alice@example.com");

const invitationSchema = z.object({
  code: z.string(),
  createdAt: z.string(),
  claimedAt: z.string().optional(),
  url: z.string().describe("Where the invitation is claimed: INVITATION_URL_BASE + code"),
  expiresAt: z.string().optional(),
  inviterUma: z.string(),
  inviteeUma: z.string().optional(),
  status: z.enum(["PENDING", "CLAIMED", "EXPIRED", "CANCELLED"]),
  firstName: z.string().optional(),
  amountToSend: currencyAmountSchema.optional(),
});
export type Invitation = z.infer<typeof invitationSchema>;

const tags = ["Invitations"];
const codeParams = z.object({ invitationCode: z.string().max(64) });

export const createInvitationOp = defineOperation({
  operationId: "createInvitation",
  method: "POST",
  path: "/invitations",
  summary: "Create an UMA invitation",
  description: "inviterUma must be the UMA address of one of the platform's customers.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  body: z
    .object({
      inviterUma: umaAddress,
      firstName: z.string().min(1).max(100).optional(),
      amountToSend: z
        .number()
        .int()
        .min(1)
        .max(Number.MAX_SAFE_INTEGER)
        .optional()
        .describe("Smallest unit of the inviter's currency; display only"),
      expiresAt: z.iso.datetime({ offset: true }).optional(),
    })
    .strict(),
  responses: { 201: { description: "The invitation", schema: invitationSchema }, ...errorResponses(400, 401, 403) },
});

export const getInvitationOp = defineOperation({
  operationId: "getInvitation",
  method: "GET",
  path: "/invitations/{invitationCode}",
  summary: "Get an UMA invitation by code",
  description:
    "The code is the capability: any platform holding it may read and claim the invitation (the invitee is usually elsewhere).",
  tags,
  auth: "platform",
  access: { permission: "VIEW", changesState: false },
  params: codeParams,
  responses: { 200: { description: "The invitation", schema: invitationSchema }, ...errorResponses(401, 403, 404) },
});

export const claimInvitationOp = defineOperation({
  operationId: "claimInvitation",
  method: "POST",
  path: "/invitations/{invitationCode}/claim",
  summary: "Claim an UMA invitation",
  description:
    "inviteeUma must be the UMA address of one of the claiming platform's customers. One conditional update from PENDING decides: " +
    "of concurrent claims exactly one wins; the others (and a claim of a claimed invitation) answer 400 INVITATION_ALREADY_CLAIMED, a cancelled one 400 INVITATION_CANCELLED, " +
    "an expired one 400 INVALID_INPUT (details.reason INVITATION_EXPIRED), each with details.status. " +
    "INVITATION.CLAIMED goes to the inviter's platform in the same transaction.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: codeParams,
  body: z.object({ inviteeUma: umaAddress }).strict(),
  responses: {
    200: { description: "The claimed invitation", schema: invitationSchema },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const cancelInvitationOp = defineOperation({
  operationId: "cancelInvitation",
  method: "POST",
  path: "/invitations/{invitationCode}/cancel",
  summary: "Cancel an UMA invitation",
  description:
    "Only the inviter's platform; another platform gets 404 INVITATION_NOT_FOUND. Only a PENDING invitation: a claimed one answers 400 INVITATION_ALREADY_CLAIMED, " +
    "a cancelled one 400 INVITATION_CANCELLED, an expired one 400 INVALID_INPUT (details.reason INVITATION_EXPIRED), each with details.status.",
  tags,
  auth: "platform",
  access: { permission: "MANAGE", changesState: true },
  params: codeParams,
  responses: {
    200: { description: "The cancelled invitation", schema: invitationSchema },
    ...errorResponses(400, 401, 403, 404),
  },
});

export const invitationClaimedEvent = defineEvent(
  "INVITATION.CLAIMED",
  invitationSchema,
  "An UMA invitation was claimed",
);
