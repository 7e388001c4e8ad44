CREATE TABLE "tutor_students" (
	"id" serial PRIMARY KEY NOT NULL,
	"tutor_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"parent_name" text,
	"parent_phone" text,
	"batch" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tutor_students" ADD CONSTRAINT "tutor_students_tutor_id_users_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tutor_students_tutor_phone_idx" ON "tutor_students" USING btree ("tutor_id","phone");--> statement-breakpoint
CREATE INDEX "tutor_students_tutor_name_idx" ON "tutor_students" USING btree ("tutor_id","name");