CREATE TABLE "mandate_debits" (
	"id" text PRIMARY KEY NOT NULL,
	"mandate_id" text NOT NULL,
	"due_id" integer,
	"link_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" text NOT NULL,
	"state" text NOT NULL,
	"notified_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"failure_code" text,
	"debited_amount" bigint,
	"cf_payment_id" text,
	"order_id" text,
	"cancel_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mandate_debits_state_check" CHECK ("mandate_debits"."state" in ('pending', 'notified', 'executing', 'success', 'failed', 'cancelled')),
	CONSTRAINT "mandate_debits_amount_check" CHECK ("mandate_debits"."amount" > 0 and "mandate_debits"."amount" <= 1500000),
	CONSTRAINT "mandate_debits_notice_check" CHECK ("mandate_debits"."attempts" = 0 or ("mandate_debits"."notified_at" is not null and "mandate_debits"."next_attempt_at" >= "mandate_debits"."notified_at" + interval '86400 seconds')),
	CONSTRAINT "mandate_debits_attempts_check" CHECK ("mandate_debits"."attempts" >= 0 and "mandate_debits"."attempts" <= 4),
	CONSTRAINT "mandate_debits_success_check" CHECK ("mandate_debits"."state" <> 'success' or ("mandate_debits"."order_id" is not null and "mandate_debits"."debited_amount" = "mandate_debits"."amount"))
);
--> statement-breakpoint
CREATE TABLE "mandates" (
	"id" text PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"payer_id" integer NOT NULL,
	"status" text NOT NULL,
	"max_amount" bigint NOT NULL,
	"gateway_plan_id" text NOT NULL,
	"cf_subscription_id" text,
	"session_id" text,
	"authorization_reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "mandates_status_check" CHECK ("mandates"."status" in ('INITIALIZED', 'BANK_APPROVAL_PENDING', 'ACTIVE', 'ON_HOLD', 'PAUSED', 'CUSTOMER_PAUSED', 'CUSTOMER_CANCELLED', 'CANCELLED', 'COMPLETED', 'EXPIRED', 'LINK_EXPIRED', 'AUTH_FAILED')),
	CONSTRAINT "mandates_ended_check" CHECK (("mandates"."ended_at" is null) = (not "mandates"."status" in ('CUSTOMER_CANCELLED', 'CANCELLED', 'COMPLETED', 'EXPIRED', 'LINK_EXPIRED', 'AUTH_FAILED'))),
	CONSTRAINT "mandates_max_amount_check" CHECK ("mandates"."max_amount" > 0 and "mandates"."max_amount" <= 1500000)
);
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_cause_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "mandate_debits" ADD CONSTRAINT "mandate_debits_mandate_id_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."mandates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_debits" ADD CONSTRAINT "mandate_debits_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_debits" ADD CONSTRAINT "mandate_debits_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandate_debits" ADD CONSTRAINT "mandate_debits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_plan_id_fee_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fee_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_student_id_tutor_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."tutor_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mandates" ADD CONSTRAINT "mandates_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_debits_due_idx" ON "mandate_debits" USING btree ("due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mandate_debits_link_idx" ON "mandate_debits" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "mandate_debits_mandate_idx" ON "mandate_debits" USING btree ("mandate_id");--> statement-breakpoint
CREATE INDEX "mandate_debits_next_check_idx" ON "mandate_debits" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mandates_live_idx" ON "mandates" USING btree ("plan_id","student_id") WHERE "mandates"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "mandates_tutor_idx" ON "mandates" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "mandates_payer_idx" ON "mandates" USING btree ("payer_id");--> statement-breakpoint
CREATE INDEX "mandates_next_check_idx" ON "mandates" USING btree ("next_check_at");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_cause_check" CHECK ("refunds"."cause" is null or "refunds"."cause" in ('over_cap', 'link_already_paid', 'link_closed', 'dues_changed', 'due_settled'));