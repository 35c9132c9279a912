CREATE INDEX "registrations_list" ON "registrations" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_religion_list" ON "registrations" USING btree ("religion_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_religion_status_list" ON "registrations" USING btree ("religion_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_branch_list" ON "registrations" USING btree ("branch_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "registrations_branch_status_list" ON "registrations" USING btree ("branch_id","status","updated_at","id");