ALTER TABLE "transactions" ADD COLUMN "approval" text;--> statement-breakpoint
-- Enumerations are Grid's (docs/protocol.md): the platform's approval moves out of pending_reason into approval,
-- and REJECTED (not one of Grid's OutgoingTransactionStatus) becomes FAILED with its rejection_reason.
UPDATE "transactions" SET "approval" = 'PENDING', "pending_reason" = NULL WHERE "pending_reason" = 'PENDING_PLATFORM_APPROVAL';--> statement-breakpoint
UPDATE "transactions" SET "approval" = 'REJECTED' WHERE "status" = 'REJECTED' AND "agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "transactions" SET "status" = 'FAILED' WHERE "status" = 'REJECTED';
