CREATE INDEX "approval_requests_list" ON "approval_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_type_list" ON "approval_requests" USING btree ("type","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_type_status_list" ON "approval_requests" USING btree ("type","status","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_branch_list" ON "approval_requests" USING btree ("branch_id","type","created_at","id");--> statement-breakpoint
CREATE INDEX "approval_requests_branch_status_list" ON "approval_requests" USING btree ("branch_id","type","status","created_at","id");