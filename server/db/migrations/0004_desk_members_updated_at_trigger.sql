-- Keeps members.updated_at current on every UPDATE, whatever code (or person) writes the row,
-- so the device member cache can fetch only what changed (GET /api/members/cache). Inserts get
-- the column default. now() is the transaction's start time; the cache reads with a safety margin
-- for transactions that commit late (docs/decisions/004-offline-receipts-and-batches.md).
CREATE OR REPLACE FUNCTION members_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS members_touch_updated_at ON "members";--> statement-breakpoint
CREATE TRIGGER members_touch_updated_at BEFORE UPDATE ON "members" FOR EACH ROW EXECUTE FUNCTION members_touch_updated_at();
