CREATE TABLE "reminder_settings" (
	"tutor_id" integer PRIMARY KEY NOT NULL,
	"automatic" boolean NOT NULL,
	"channel" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_channel_check" CHECK ("reminder_settings"."channel" in ('whatsapp', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "channel" text DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD COLUMN "replaced_by" integer;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD CONSTRAINT "reminder_settings_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_channel_check" CHECK ("sms_messages"."channel" in ('sms', 'whatsapp'));