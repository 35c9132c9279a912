-- Issue 15 (docs/decisions/068-transaction-search-newest-first.md): a broad search term read every
-- match to find the newest seven ("Neema": a range of 33,571 entries at the default scale size,
-- ten times as many at 10x). Names are few: search now walks the distinct names of the prefix
-- range and reads each newest first (transactions_member_name_search already has that order), so
-- the payer's name gets the same shape. References, receipts and provider ids stay a range sorted
-- for the newest, now read index-only like the reference (migration 0026): the date, id and scope
-- columns are in the index, and so is the base column, because the planner scans an expression
-- index index-only only when every column the query names is in it.
CREATE INDEX IF NOT EXISTS transactions_payer_name_search_list ON transactions (lower(payer_name) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (payer_name, institution_id) WHERE payer_name IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS transactions_payer_name_search;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_receipt_no_search_list ON transactions (lower(receipt_no) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (receipt_no, institution_id) WHERE receipt_no IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS transactions_receipt_no_search;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_trx_id_search_list ON transactions (lower(trx_id) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (trx_id, institution_id) WHERE trx_id IS NOT NULL;--> statement-breakpoint
DROP INDEX IF EXISTS transactions_trx_id_search;--> statement-breakpoint
-- A church's treasurer searches one institution (or a subtree): led by the institution, a name
-- prefix is a short range per institution in scope, whatever the size of the bank; without it the
-- planner intersected the church's rows with every match of the name in the bank (the trigram
-- index: 33,571 rows for "Neema", ten times as many at 10x).
CREATE INDEX IF NOT EXISTS transactions_institution_member_name ON transactions (institution_id, lower(member_name) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (member_name) WHERE member_name IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_institution_member_last_name ON transactions (institution_id, lower(member_last_name) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (member_last_name) WHERE member_last_name IS NOT NULL;--> statement-breakpoint
ANALYZE transactions;
