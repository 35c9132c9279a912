-- Issue 15 (docs/decisions/055-bank-scale-measurements.md): a reference prefix that matches many
-- transactions ("SCL00012": 10,000) read every match's heap page to sort by date (9,979 pages,
-- 117 ms from a cold cache). The same prefix index with the date, id and scope columns in it answers
-- that branch of the search index-only; the base column is included because the planner scans an
-- expression index index-only only when every column the query names is in it.
CREATE INDEX IF NOT EXISTS transactions_reference_search_list ON transactions (lower(reference_no) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (reference_no, institution_id);--> statement-breakpoint
DROP INDEX IF EXISTS transactions_reference_search;--> statement-breakpoint
ANALYZE transactions;
