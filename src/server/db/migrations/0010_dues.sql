CREATE TABLE "dues" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"student_id" integer NOT NULL,
	"period" text NOT NULL,
	"due_date" text NOT NULL,
	"amount" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"settled_by" text,
	"note" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dues_amount_check" CHECK ("dues"."amount" > 0 and "dues"."paid" >= 0 and "dues"."paid" <= "dues"."amount")
);
--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_plan_id_fee_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."fee_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dues" ADD CONSTRAINT "dues_student_id_tutor_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."tutor_students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dues_plan_student_period_idx" ON "dues" USING btree ("plan_id","student_id","period");--> statement-breakpoint
CREATE INDEX "dues_tutor_date_idx" ON "dues" USING btree ("tutor_id","due_date");