-- Issue 15 (docs/decisions/055-bank-scale-measurements.md): the advanced member search sorts its
-- matches by name, so a code prefix that matches many members ("SM0004": 10,000 at the default
-- scale size) read every match's heap page (1,429 pages) to sort them, and its bounded count
-- walked the table a second time. Each way of matching now reads its own prefix index in name
-- order's columns index-only: the sort columns, the id and the scope column are in the index, and
-- so are the base columns of the expression, because the planner scans an expression index
-- index-only only when every column the query names is in it. Deleted members are never searched,
-- so the indexes are partial.
CREATE INDEX IF NOT EXISTS members_name_search_list ON members (lower(first_name || ' ' || last_name) text_pattern_ops)
  INCLUDE (first_name, last_name, id, institution_id) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_last_name_search_list ON members (lower(last_name) text_pattern_ops)
  INCLUDE (first_name, last_name, id, institution_id) WHERE deleted_at IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_code_search_list ON members (lower(code) text_pattern_ops)
  INCLUDE (code, first_name, last_name, id, institution_id) WHERE deleted_at IS NULL;--> statement-breakpoint
DROP INDEX IF EXISTS members_name_search;--> statement-breakpoint
DROP INDEX IF EXISTS members_last_name_search;--> statement-breakpoint
DROP INDEX IF EXISTS members_code_search;--> statement-breakpoint
ANALYZE members;
