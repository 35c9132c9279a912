-- Search that uses indexes (issue 15). Advanced search matches references, receipt numbers and
-- provider ids by lower-case prefix, payer names by prefix and phone fragments anywhere; each
-- gets an index of that exact shape, so every branch of the search (services/shell/search.ts) is
-- an index scan, never a read of every visible transaction. pg_trgm ships with PGlite too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_reference_search ON transactions (lower(reference_no) text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_trx_id_search ON transactions (lower(trx_id) text_pattern_ops) WHERE trx_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_receipt_no_search ON transactions (lower(receipt_no) text_pattern_ops) WHERE receipt_no IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_payer_name_search ON transactions (lower(payer_name) text_pattern_ops) WHERE payer_name IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_payer_phone_trgm ON transactions USING gin (payer_phone gin_trgm_ops) WHERE payer_phone IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS members_phone_trgm ON members USING gin (phone gin_trgm_ops);--> statement-breakpoint
ANALYZE transactions;--> statement-breakpoint
ANALYZE members;
