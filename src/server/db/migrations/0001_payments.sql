CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"order_id" text,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text PRIMARY KEY NOT NULL,
	"payer_id" integer NOT NULL,
	"payee_id" integer NOT NULL,
	"base_amount" bigint NOT NULL,
	"fee" bigint NOT NULL,
	"charges" bigint NOT NULL,
	"total" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"settlement_type" text NOT NULL,
	"payment_link_id" text,
	"book_session" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"cf_order_id" text,
	"payment_session_id" text,
	"gateway_expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('ACTIVE', 'PAID', 'EXPIRED', 'TERMINATED', 'TERMINATION_REQUESTED')),
	CONSTRAINT "orders_method_check" CHECK ("orders"."payment_method" in ('cc', 'upi')),
	CONSTRAINT "orders_amounts_check" CHECK ("orders"."base_amount" > 0 and "orders"."fee" >= 0 and "orders"."charges" >= 0 and "orders"."total" = "orders"."base_amount" + "orders"."fee" + "orders"."charges")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cf_payment_id" text NOT NULL,
	"order_id" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_group" text,
	"message" text,
	"payment_time" timestamp with time zone,
	"bank_reference" text,
	"error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_attempts_cf_payment_id_unique" UNIQUE("cf_payment_id")
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" text PRIMARY KEY NOT NULL,
	"payee_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"purpose" text NOT NULL,
	"student_phone" text,
	"status" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_links_status_check" CHECK ("payment_links"."status" in ('ACTIVE', 'PAID', 'CANCELLED')),
	CONSTRAINT "payment_links_amount_check" CHECK ("payment_links"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"title" text NOT NULL,
	"teacher_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"starttime" timestamp with time zone NOT NULL,
	"endtime" timestamp with time zone NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedules_times_check" CHECK ("schedules"."endtime" > "schedules"."starttime")
);
--> statement-breakpoint
CREATE TABLE "webhook_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cf_payment_id" text NOT NULL,
	"payment_status" text NOT NULL,
	"order_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_time" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_link_id_payment_links_id_fk" FOREIGN KEY ("payment_link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_user_key_idx" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_payer_created_idx" ON "orders" USING btree ("payer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payee_status_idx" ON "orders" USING btree ("payee_id","status");--> statement-breakpoint
CREATE INDEX "orders_payment_link_idx" ON "orders" USING btree ("payment_link_id");--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_links_payee_created_idx" ON "payment_links" USING btree ("payee_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_created_idx" ON "rate_limit_hits" USING btree ("bucket","created_at");--> statement-breakpoint
CREATE INDEX "schedules_teacher_start_idx" ON "schedules" USING btree ("teacher_id","starttime");--> statement-breakpoint
CREATE INDEX "schedules_student_start_idx" ON "schedules" USING btree ("student_id","starttime");--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_order_idx" ON "schedules" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_receipts_payment_status_idx" ON "webhook_receipts" USING btree ("cf_payment_id","payment_status");