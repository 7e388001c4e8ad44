CREATE TABLE "reminder_counts" (
	"scope" text NOT NULL,
	"day" text NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "reminder_counts_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_cause_check";--> statement-breakpoint
ALTER TABLE "link_dues" ADD COLUMN "open_for" text;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "link_dues_open_idx" ON "link_dues" USING btree ("due_id","open_for") WHERE "link_dues"."open_for" is not null;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" is null or "refunds"."cause" in ('over_cap', 'link_already_paid', 'link_closed', 'dues_changed'));--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_skipped_check" CHECK ("reminders"."skipped" is null or "reminders"."skipped" in ('opted_out', 'cannot_accept_payments', 'unconfirmed', 'daily_cap', 'platform_limit'));--> statement-breakpoint
-- Hand-written (D207): the newest open link of each due and payer holds the slot; older
-- ones stay payable until a payment or a new link ends them.
UPDATE "link_dues" SET "open_for" = "pl"."student_phone"
FROM "payment_links" "pl"
WHERE "pl"."id" = "link_dues"."link_id" AND "pl"."status" = 'ACTIVE' AND "pl"."student_phone" IS NOT NULL
  AND "pl"."id" = (
    SELECT "p2"."id" FROM "link_dues" "l2"
    JOIN "payment_links" "p2" ON "p2"."id" = "l2"."link_id"
    WHERE "l2"."due_id" = "link_dues"."due_id" AND "p2"."status" = 'ACTIVE'
      AND "p2"."student_phone" = "pl"."student_phone"
    ORDER BY "p2"."created_at" DESC, "p2"."id" DESC
    LIMIT 1
  );
--> statement-breakpoint
-- Hand-written (D210): students kept before the rule were being reminded already; they stay so.
UPDATE "tutor_students" SET "confirmed_at" = "created_at";
