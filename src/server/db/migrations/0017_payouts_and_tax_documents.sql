CREATE TABLE "settlement_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"settlement_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_id" text,
	"cf_payment_id" text,
	"refund_id" text,
	"amount" bigint NOT NULL,
	"settlement_amount" bigint NOT NULL,
	"service_charge" bigint DEFAULT 0 NOT NULL,
	"service_tax" bigint DEFAULT 0 NOT NULL,
	"event_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlement_webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"cf_settlement_id" text NOT NULL,
	"event_type" text NOT NULL,
	"event_time" text,
	"payload" jsonb NOT NULL,
	"applied_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"cf_settlement_id" text NOT NULL,
	"tutor_id" integer,
	"status" text NOT NULL,
	"gateway_status" text NOT NULL,
	"settlement_type" text,
	"utr" text,
	"gross" bigint DEFAULT 0 NOT NULL,
	"refunds" bigint DEFAULT 0 NOT NULL,
	"service_charge" bigint DEFAULT 0 NOT NULL,
	"service_tax" bigint DEFAULT 0 NOT NULL,
	"adjustment" bigint DEFAULT 0 NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	"reason" text,
	"initiated_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"payment_from" timestamp with time zone,
	"payment_till" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_cf_settlement_id_unique" UNIQUE("cf_settlement_id"),
	CONSTRAINT "settlements_status_check" CHECK ("settlements"."status" in ('initiated', 'settled', 'failed', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" text NOT NULL,
	"refund_id" text,
	"tutor_id" integer NOT NULL,
	"series_key" text,
	"fy_start" integer NOT NULL,
	"number" integer,
	"serial" text,
	"issued_at" timestamp with time zone NOT NULL,
	"original_id" integer,
	"supplier" jsonb NOT NULL,
	"recipient" jsonb NOT NULL,
	"place_of_supply" text,
	"sac" text,
	"rate" integer NOT NULL,
	"taxable" bigint NOT NULL,
	"cgst" bigint NOT NULL,
	"sgst" bigint NOT NULL,
	"igst" bigint NOT NULL,
	"total" bigint NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_kind_check" CHECK ("tax_documents"."kind" in ('receipt', 'tax_invoice', 'credit_note', 'platform_invoice', 'platform_credit_note')),
	CONSTRAINT "tax_documents_numbered_check" CHECK (("tax_documents"."kind" = 'receipt') = ("tax_documents"."serial" is null) and ("tax_documents"."serial" is null) = ("tax_documents"."number" is null)),
	CONSTRAINT "tax_documents_amounts_check" CHECK ("tax_documents"."taxable" >= 0 and "tax_documents"."total" = "tax_documents"."taxable" + "tax_documents"."cgst" + "tax_documents"."sgst" + "tax_documents"."igst")
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"registered" boolean DEFAULT false NOT NULL,
	"gstin" text,
	"legal_name" text,
	"address" text,
	"state_code" text,
	"fee_includes_gst" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_profiles_registered_check" CHECK (not "tax_profiles"."registered" or ("tax_profiles"."gstin" is not null and "tax_profiles"."address" is not null and "tax_profiles"."state_code" = substr("tax_profiles"."gstin", 1, 2)))
);
--> statement-breakpoint
CREATE TABLE "tax_serials" (
	"series_key" text NOT NULL,
	"fy_start" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "tax_serials_series_key_fy_start_pk" PRIMARY KEY("series_key","fy_start"),
	CONSTRAINT "tax_serials_last_check" CHECK ("tax_serials"."last" >= 1)
);
--> statement-breakpoint
ALTER TABLE "settlement_items" ADD CONSTRAINT "settlement_items_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_original_id_tax_documents_id_fk" FOREIGN KEY ("original_id") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_items_event_idx" ON "settlement_items" USING btree ("settlement_id","event_id");--> statement-breakpoint
CREATE INDEX "settlement_items_order_idx" ON "settlement_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_webhooks_event_idx" ON "settlement_webhooks" USING btree ("cf_settlement_id","event_type");--> statement-breakpoint
CREATE INDEX "settlement_webhooks_unapplied_idx" ON "settlement_webhooks" USING btree ("received_at") WHERE "settlement_webhooks"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "settlements_tutor_initiated_idx" ON "settlements" USING btree ("tutor_id","initiated_at");--> statement-breakpoint
CREATE INDEX "settlements_next_check_idx" ON "settlements" USING btree ("next_check_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_order_kind_idx" ON "tax_documents" USING btree ("order_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_series_number_idx" ON "tax_documents" USING btree ("series_key","fy_start","number");--> statement-breakpoint
CREATE INDEX "tax_documents_tutor_issued_idx" ON "tax_documents" USING btree ("tutor_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_profiles_gstin_idx" ON "tax_profiles" USING btree ("gstin") WHERE "tax_profiles"."gstin" is not null;