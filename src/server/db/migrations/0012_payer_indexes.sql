CREATE INDEX "dues_student_date_idx" ON "dues" USING btree ("student_id","due_date");--> statement-breakpoint
CREATE INDEX "tutor_students_phone_idx" ON "tutor_students" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "tutor_students_parent_phone_idx" ON "tutor_students" USING btree ("parent_phone");