ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_status_check";--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('ACTIVE', 'PAID', 'EXPIRED', 'CANCELLED'));
-- Issue 47: the same four statuses, in the order of src/domain/statuses.ts that the check is now
-- built from; no row can pass or fail it differently.
