-- Issue 15 (docs/decisions/068-transaction-search-newest-first.md): a phone fragment ("0600012")
-- matches anywhere in the payer's phone, which a trigram index answers by intersecting the posting
-- lists of its trigrams; in a bank's phones those ("600", "000", "001", "012") are shared by most
-- rows, so the search grew with the table (and read every match's heap page to sort them).
-- A fragment found anywhere in a phone is the beginning of one of its suffixes: payer_phone_suffixes
-- holds each distinct payer phone's suffixes that begin with a digit (a fragment is 3 digits or more), in a
-- byte-ordered btree, so a fragment is one prefix range of distinct phones; each phone's newest
-- transactions come from transactions_payer_phone_newest. Kept by statement-level triggers on
-- transactions (a phone is added once; one that no longer has transactions matches none);
-- payer_phone_suffixes_rebuild() after the seeds' trigger-less loads. SQL only: drizzle cannot
-- declare a column's collation.
CREATE TABLE IF NOT EXISTS payer_phone_suffixes (
  suffix text COLLATE "C" NOT NULL,
  phone text NOT NULL,
  CONSTRAINT payer_phone_suffixes_pk PRIMARY KEY (suffix, phone)
);--> statement-breakpoint

-- Sorted, so two writers adding the same new phone take its rows in one order.
CREATE OR REPLACE FUNCTION payer_phone_suffixes_add(p_phones text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO payer_phone_suffixes (suffix, phone)
  SELECT DISTINCT substr(p.phone, i), p.phone
  FROM (SELECT DISTINCT phone FROM unnest(p_phones) AS phone WHERE phone IS NOT NULL) p
  CROSS JOIN LATERAL generate_series(1, length(p.phone) - 2) AS i
  WHERE substr(p.phone, i, 1) BETWEEN '0' AND '9'
  ORDER BY 1, 2
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION payer_phone_suffixes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM payer_phone_suffixes_add(array_agg(n.payer_phone)) FROM new_rows n WHERE n.payer_phone IS NOT NULL;
  ELSE
    PERFORM payer_phone_suffixes_add(array_agg(n.payer_phone)) FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.payer_phone IS NOT NULL AND n.payer_phone IS DISTINCT FROM o.payer_phone;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

CREATE TRIGGER payer_phone_suffixes_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payer_phone_suffixes_changed();--> statement-breakpoint
CREATE TRIGGER payer_phone_suffixes_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payer_phone_suffixes_changed();--> statement-breakpoint

-- Adds every payer phone's suffixes: after a load with triggers off (the seeds), and here for existing data.
CREATE OR REPLACE FUNCTION payer_phone_suffixes_rebuild() RETURNS void LANGUAGE sql AS $$
  SELECT payer_phone_suffixes_add(array_agg(DISTINCT payer_phone)) FROM transactions WHERE payer_phone IS NOT NULL;
$$;--> statement-breakpoint
SELECT payer_phone_suffixes_rebuild();--> statement-breakpoint

-- Each phone's newest transactions, with the scope's column, index-only.
CREATE INDEX IF NOT EXISTS transactions_payer_phone_newest ON transactions (payer_phone, created_at DESC, id DESC)
  INCLUDE (institution_id) WHERE payer_phone IS NOT NULL;--> statement-breakpoint
ANALYZE payer_phone_suffixes;--> statement-breakpoint
ANALYZE transactions;
