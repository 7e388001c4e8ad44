CREATE TABLE "reminder_counts" (
	"scope" text NOT NULL,
	"day" text NOT NULL,
	"sent" integer NOT NULL,
	CONSTRAINT "reminder_counts_scope_day_pk" PRIMARY KEY("scope","day")
);
--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_skipped_check" CHECK (skipped is null or skipped in ('opted_out', 'cannot_accept_payments', 'unconfirmed', 'daily_cap', 'platform_limit'));--> statement-breakpoint
-- Hand-written (D210): students kept before the rule were being reminded already; they stay so.
UPDATE "tutor_students" SET "confirmed_at" = "created_at";
