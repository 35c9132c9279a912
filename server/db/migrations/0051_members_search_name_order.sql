-- Issue 15 (ADR 073): the advanced member search of a bank admin or a branch sorted every member a
-- first name matched to show seven ("Neema": 3,360 at the default scale size, 33,360 at 10x, so its
-- p95 grew 2.1x with the data). It now walks the distinct names of the prefix's range, as the
-- transaction search does, and reads each name's first page in the list's order (last name, first
-- name, id) from the same index: the sort columns follow the prefix in the key, and the scope column
-- is included so the walk stays index-only. A range read (an institution's users, the bounded count)
-- uses the leading column as before.
DROP INDEX IF EXISTS members_name_search_list;--> statement-breakpoint
DROP INDEX IF EXISTS members_last_name_search_list;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_name_search_list ON members (lower(first_name || ' ' || last_name) text_pattern_ops, last_name, first_name, id)
  INCLUDE (institution_id) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_last_name_search_list ON members (lower(last_name) text_pattern_ops, last_name, first_name, id)
  INCLUDE (institution_id) WHERE deleted_at IS NULL;--> statement-breakpoint
ANALYZE members;
