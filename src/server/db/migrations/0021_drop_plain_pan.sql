ALTER TABLE "bank_accounts" DROP COLUMN "verification_reference";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "pan";