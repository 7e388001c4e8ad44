CREATE TABLE "fee_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"student_id" integer,
	"batch" text,
	"amount" bigint NOT NULL,
	"due_day" integer,
	"start_month" text,
	"due_date" text,
	"instalments" jsonb,
	"partial_minimum" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "fee_plans_amount_check" CHECK ("fee_plans"."amount" > 0),
	CONSTRAINT "fee_plans_target_check" CHECK (("fee_plans"."student_id" is null) <> ("fee_plans"."batch" is null)),
	CONSTRAINT "fee_plans_due_day_check" CHECK ("fee_plans"."due_day" is null or "fee_plans"."due_day" between 1 and 28)
);
--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_plans" ADD CONSTRAINT "fee_plans_student_id_tutor_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."tutor_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_plans_tutor_idx" ON "fee_plans" USING btree ("tutor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_plans_tutor_name_idx" ON "fee_plans" USING btree ("tutor_id","name") WHERE "fee_plans"."ended_at" is null;