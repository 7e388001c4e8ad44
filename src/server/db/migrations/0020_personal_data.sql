CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"action" text NOT NULL,
	"subject_user_id" integer,
	"subject_student_id" integer,
	"detail" jsonb,
	"ip" text,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"version" text NOT NULL,
	"tutor_student_id" integer,
	"decision" text DEFAULT 'given' NOT NULL,
	"given_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "consents_kind_check" CHECK ("consents"."kind" in ('notice', 'child')),
	CONSTRAINT "consents_decision_check" CHECK ("consents"."decision" in ('given', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "erasures" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"retain_until" timestamp with time zone,
	"kept" text,
	"summary" jsonb NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "verification_reference_sealed" text;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "minor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "parent_consent_noted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutor_students" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pan_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pan_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_tutor_student_id_tutor_students_id_fk" FOREIGN KEY ("tutor_student_id") REFERENCES "public"."tutor_students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasures" ADD CONSTRAINT "erasures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_user_id","at");--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE UNIQUE INDEX "consents_child_idx" ON "consents" USING btree ("user_id","tutor_student_id") WHERE "consents"."kind" = 'child';--> statement-breakpoint
CREATE UNIQUE INDEX "users_tutor_pan_idx" ON "users" USING btree ("pan_hash") WHERE "users"."role" = 'teacher';--> statement-breakpoint
-- Hand-written (D323): audit_events is append-only. No UPDATE, DELETE or TRUNCATE of it runs,
-- whoever sends it: the trigger raises, and the statement (and its transaction) fails.
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_change" BEFORE UPDATE OR DELETE ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
	FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_append_only"();
