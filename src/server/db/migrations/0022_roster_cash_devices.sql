CREATE TABLE "cash_payment_dues" (
	"cash_payment_id" integer NOT NULL,
	"due_id" integer NOT NULL,
	"applied" bigint NOT NULL,
	CONSTRAINT "cash_payment_dues_applied_check" CHECK ("cash_payment_dues"."applied" > 0)
);
--> statement-breakpoint
CREATE TABLE "cash_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"payer_phone" text NOT NULL,
	"amount" bigint NOT NULL,
	"received_on" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_payments_amount_check" CHECK ("cash_payments"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "batch_key" text;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "end_month" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "device" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "batch_key" text;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "batch_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "active_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cash_payment_dues" ADD CONSTRAINT "cash_payment_dues_cash_payment_id_cash_payments_id_fk" FOREIGN KEY ("cash_payment_id") REFERENCES "public"."cash_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_payment_dues" ADD CONSTRAINT "cash_payment_dues_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_payments" ADD CONSTRAINT "cash_payments_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_payments" ADD CONSTRAINT "cash_payments_student_id_tutor_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."tutor_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_payment_dues_idx" ON "cash_payment_dues" USING btree ("cash_payment_id","due_id");--> statement-breakpoint
CREATE INDEX "cash_payments_payer_idx" ON "cash_payments" USING btree ("payer_phone","created_at");--> statement-breakpoint
CREATE INDEX "cash_payments_student_idx" ON "cash_payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "tutor_students_tutor_batch_idx" ON "tutor_students" USING btree ("tutor_id","batch_key");--> statement-breakpoint
-- Hand-written data migration (issue 48): the batch keys of D234 (domain batchKey: lower case,
-- no spaces) for the rows already kept, and the roster's dates from when each student was added.
UPDATE "tutor_students" SET "batch_key" = nullif(lower(regexp_replace("batch", '\s', '', 'g')), ''), "batch_since" = "created_at", "active_since" = "created_at";--> statement-breakpoint
UPDATE "fee_plans" SET "batch_key" = nullif(lower(regexp_replace("batch", '\s', '', 'g')), '');--> statement-breakpoint
UPDATE "sessions" SET "last_used_at" = "created_at";
