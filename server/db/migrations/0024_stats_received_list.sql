-- Issue 16: the transactions list counts a giving on the day it was received (received_at, the
-- read model's rule, ADR 030), not the day it reached the server, and lists newest received first.
-- The same shape as 0019's list index on created_at, which only that list read: a bank admin's
-- page reads the head of this index and the per-currency totals are an index-only scan of the range.
CREATE INDEX IF NOT EXISTS transactions_received_list ON transactions (received_at DESC, id DESC) INCLUDE (institution_id, status, method, currency, amount, fee);--> statement-breakpoint
DROP INDEX IF EXISTS transactions_created_list;--> statement-breakpoint
ANALYZE transactions;
