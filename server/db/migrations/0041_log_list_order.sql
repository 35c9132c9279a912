-- Issue 15 (ADR 062): the activity log pages by keyset in the order (created_at, id) descending,
-- for everyone and for one user, and the session log in (last_seen_at, id) descending. Each index
-- now ends in the id, so the row comparison after a cursor is all index condition; the session log
-- had no index on last access and sorted every session per page.
DROP INDEX "activity_log_created";--> statement-breakpoint
DROP INDEX "activity_log_user";--> statement-breakpoint
CREATE INDEX "sessions_last_seen" ON "sessions" USING btree ("last_seen_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_created" ON "activity_log" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_user" ON "activity_log" USING btree ("user_id","created_at","id");
