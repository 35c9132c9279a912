-- Issue 15 (ADR 062): the pledges list pages by keyset in the order (due_date, id). A church's
-- pages are one range of pledges_institution_due (now ending in the id, so the row comparison is
-- all index condition and no sort is left); a union, a branch or a religion walks pledges_due_list
-- in order and keeps the rows of its scope, instead of reading and sorting all of them per page.
DROP INDEX "pledges_institution_due";--> statement-breakpoint
CREATE INDEX "pledges_due_list" ON "pledges" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "pledges_institution_due" ON "pledges" USING btree ("institution_id","due_date","id");