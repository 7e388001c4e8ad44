CREATE TABLE "link_dues" (
	"link_id" text NOT NULL,
	"due_id" integer NOT NULL,
	"applied" bigint
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"payer_phone" text NOT NULL,
	"payer_name" text NOT NULL,
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"skipped" text,
	"amount" bigint NOT NULL,
	"link_id" text,
	"sms_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fee_plans" ADD COLUMN "reminder_days" jsonb DEFAULT '[-3, 0, 3, 7]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "link_dues" ADD CONSTRAINT "link_dues_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_dues" ADD CONSTRAINT "link_dues_due_id_dues_id_fk" FOREIGN KEY ("due_id") REFERENCES "public"."dues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_link_id_payment_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."payment_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_sms_message_id_sms_messages_id_fk" FOREIGN KEY ("sms_message_id") REFERENCES "public"."sms_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_dues_link_due_idx" ON "link_dues" USING btree ("link_id","due_id");--> statement-breakpoint
CREATE INDEX "link_dues_due_idx" ON "link_dues" USING btree ("due_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_slot_idx" ON "reminders" USING btree ("tutor_id","payer_phone","day");--> statement-breakpoint
CREATE INDEX "reminders_tutor_created_idx" ON "reminders" USING btree ("tutor_id","created_at");