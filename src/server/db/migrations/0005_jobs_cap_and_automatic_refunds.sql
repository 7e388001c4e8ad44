ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "cause" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "payload" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_receipts" ADD COLUMN "applied_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_next_check_idx" ON "orders" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "refunds_next_check_idx" ON "refunds" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "webhook_receipts_unapplied_idx" ON "webhook_receipts" USING btree ("received_at") WHERE "webhook_receipts"."applied_at" is null;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('ACTIVE', 'PAID', 'CANCELLED', 'EXPIRED'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" is null or "refunds"."cause" in ('over_cap', 'link_already_paid', 'link_closed'));--> statement-breakpoint
-- Webhooks received before this migration were applied when received.
UPDATE "webhook_receipts" SET "applied_at" = "received_at" WHERE "applied_at" IS NULL;--> statement-breakpoint
-- Orders and refunds still open are checked by the reconcile and refund jobs from now on.
UPDATE "orders" SET "next_check_at" = now() WHERE "status" IN ('ACTIVE', 'TERMINATION_REQUESTED');--> statement-breakpoint
UPDATE "refunds" SET "next_check_at" = now() WHERE "status" = 'PENDING';
