-- Issue 15, lists and search at a million transactions (docs/decisions/055-bank-scale-measurements.md).
-- The transactions list (GET /transactions) of a bank admin, a religion or a branch: newest first
-- within a date range, over every institution. Without this index the page and the per-currency
-- totals each read every transaction (a parallel sequential scan, 24,000 pages). Now the page reads
-- the index's head and the totals are an index-only scan of the range (the included columns are
-- everything they, the status and method filters and the scope join read).
CREATE INDEX IF NOT EXISTS transactions_created_list ON transactions (created_at DESC, id DESC) INCLUDE (institution_id, status, method, currency, amount, fee);--> statement-breakpoint
-- Search by member name (services/shell/search.ts): the matching members' transactions, newest
-- first, from the index alone (institution_id for the scope), instead of one heap page per row.
CREATE INDEX IF NOT EXISTS transactions_member_created ON transactions (member_id, created_at DESC, id DESC) INCLUDE (institution_id);--> statement-breakpoint
ANALYZE transactions;
