ALTER TABLE "transactions" ADD COLUMN "member_name" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "member_last_name" text;--> statement-breakpoint

-- The member's name on the transaction row (issue 15, docs/decisions/055-bank-scale-measurements.md).
-- Search by a member's name read the matching members and then each one's transactions (a common
-- first name: 3,360 members, 33,571 transactions from 11,700 scattered index pages); with the name
-- on the row it is one range of one index. Copied at write time by a trigger, so every writer (the
-- sync's bulk path, the payment gate, imports, the factories, psql) gets it; a rename rewrites its
-- member's rows. Only member_id decides: whatever else sets the two columns is overwritten.
CREATE OR REPLACE FUNCTION transactions_member_name_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.member_id IS NULL THEN
    NEW.member_name := NULL;
    NEW.member_last_name := NULL;
  ELSE
    SELECT m.first_name || ' ' || m.last_name, m.last_name INTO NEW.member_name, NEW.member_last_name FROM members m WHERE m.id = NEW.member_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS transactions_member_name ON transactions;--> statement-breakpoint
CREATE TRIGGER transactions_member_name BEFORE INSERT OR UPDATE OF member_id, member_name, member_last_name ON transactions
  FOR EACH ROW EXECUTE FUNCTION transactions_member_name_set();--> statement-breakpoint

CREATE OR REPLACE FUNCTION members_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transactions SET member_name = NEW.first_name || ' ' || NEW.last_name, member_last_name = NEW.last_name WHERE member_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS members_renamed ON members;--> statement-breakpoint
CREATE TRIGGER members_renamed AFTER UPDATE OF first_name, last_name ON members
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION members_renamed();--> statement-breakpoint

-- Sets every row's names from its member; the seeds call it after loading in replica mode (no triggers).
CREATE OR REPLACE FUNCTION transactions_member_names_fill() RETURNS void LANGUAGE sql AS $$
  UPDATE transactions t SET member_name = m.first_name || ' ' || m.last_name, member_last_name = m.last_name
  FROM members m
  WHERE m.id = t.member_id
    AND (t.member_name IS DISTINCT FROM m.first_name || ' ' || m.last_name OR t.member_last_name IS DISTINCT FROM m.last_name);
  UPDATE transactions SET member_name = NULL, member_last_name = NULL WHERE member_id IS NULL AND (member_name IS NOT NULL OR member_last_name IS NOT NULL);
$$;--> statement-breakpoint
SELECT transactions_member_names_fill();--> statement-breakpoint

-- Prefix search on the full name and on the last name (services/shell/search.ts), newest first
-- within a name, answered from the index alone: the base column is included because the planner
-- only scans an expression index index-only when every column the query names is in it.
CREATE INDEX IF NOT EXISTS transactions_member_name_search ON transactions (lower(member_name) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (member_name, institution_id) WHERE member_name IS NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS transactions_member_last_name_search ON transactions (lower(member_last_name) text_pattern_ops, created_at DESC, id DESC)
  INCLUDE (member_last_name, institution_id) WHERE member_last_name IS NOT NULL;--> statement-breakpoint
-- The transactions list's payer filter matches names anywhere ("%neema%"): trigram.
CREATE INDEX IF NOT EXISTS transactions_member_name_trgm ON transactions USING gin (lower(member_name) gin_trgm_ops) WHERE member_name IS NOT NULL;--> statement-breakpoint
ANALYZE transactions;
