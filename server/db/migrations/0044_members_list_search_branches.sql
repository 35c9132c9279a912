-- Issue 13/15 (ADR 069): the members list's search by a first name walked members_list_name in
-- name order, filtering every row by the trigram condition, until it had a page ("Sarah" passed most
-- of the table: 1.1 s at 10x). The search is now read as disjoint branches (member-search.ts):
--  * the name starts with the term: one range of the list's own index, already in list order. The
--    list's key is compared in the "C" collation so the planner turns `like 'term%'` into that
--    range whatever the database's collation (code point order, as C.UTF-8 and PGlite sort anyway);
--  * the last name starts with it: for bank staff, each distinct last name in the range read in list
--    order from members_list_last_name below (a page each); for others members_last_name_search_list
--    (migration 0034);
--  * the term inside a name, the code or the phone: members_search_inner_trgm below, which indexes
--    the searched text without the first letter of each name, so a first name or last name that
--    starts with the term is not a candidate there (those are the two branches above) and a common
--    first name no longer brings every namesake to be re-checked and sorted.
DROP INDEX IF EXISTS members_list_name;--> statement-breakpoint
DROP INDEX IF EXISTS members_list_institution_name;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_list_name ON members ((lower(first_name || ' ' || last_name) COLLATE "C"), id)
  WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_list_institution_name ON members (institution_id, (lower(first_name || ' ' || last_name) COLLATE "C"), id)
  WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_search_inner_trgm ON members
  USING gin (lower(substr(first_name, 2) || ' ' || substr(last_name, 2) || ' ' || code || ' ' || phone) gin_trgm_ops)
  WHERE deleted_at IS NULL;--> statement-breakpoint
-- The last name starts with the term (bank staff): for each distinct last name in the prefix's
-- range, that name's members in list order, a page each.
CREATE INDEX IF NOT EXISTS members_list_last_name ON members ((lower(last_name) COLLATE "C"), (lower(first_name || ' ' || last_name) COLLATE "C"), id)
  WHERE deleted_at IS NULL;--> statement-breakpoint
ANALYZE members;
