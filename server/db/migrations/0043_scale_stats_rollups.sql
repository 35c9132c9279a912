CREATE TABLE "collection_top_rollup" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"religion_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"top_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_top_rollup_pk" PRIMARY KEY("period","starts_on","religion_id","branch_id","top_id","method","status","currency"),
	CONSTRAINT "collection_top_rollup_period_kind" CHECK ("collection_top_rollup"."period" in ('day','month'))
);
--> statement-breakpoint
CREATE TABLE "offering_rollup" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"religion_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"offering_type_id" integer NOT NULL,
	"currency" text NOT NULL,
	"share_church" bigint DEFAULT 0 NOT NULL,
	"share_field" bigint DEFAULT 0 NOT NULL,
	"share_union" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offering_rollup_pk" PRIMARY KEY("period","starts_on","currency","religion_id","branch_id","offering_type_id"),
	CONSTRAINT "offering_rollup_period_kind" CHECK ("offering_rollup"."period" in ('day','month','year'))
) PARTITION BY LIST ("period");
--> statement-breakpoint
-- One partition per period (written by hand: drizzle-kit knows no partitions): a year's rows, the ones
-- read most, stay on their own few pages instead of among a million day rows (ADR 066).
CREATE TABLE "offering_rollup_day" PARTITION OF "offering_rollup" FOR VALUES IN ('day');--> statement-breakpoint
CREATE TABLE "offering_rollup_month" PARTITION OF "offering_rollup" FOR VALUES IN ('month');--> statement-breakpoint
CREATE TABLE "offering_rollup_year" PARTITION OF "offering_rollup" FOR VALUES IN ('year');--> statement-breakpoint
CREATE TABLE "operator_rollup" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"religion_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"operator" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "operator_rollup_pk" PRIMARY KEY("period","starts_on","religion_id","branch_id","operator","status","currency"),
	CONSTRAINT "operator_rollup_period_kind" CHECK ("operator_rollup"."period" in ('day','month'))
);
--> statement-breakpoint

-- The bank's rollups of the statistics (issue 16, docs/decisions/066-bank-statistics-rollups.md):
-- offering_totals, operator_totals and collection_totals summed per religion and bank branch (0 =
-- none), like collection_rollup (0018), for a bank admin's or a branch officer's breakdowns by
-- offering type, by network operator and by the top of the tree, which read tens of thousands of
-- per-institution rows a month. Each _add function takes signed deltas whose religion, branch (and
-- top) the caller resolved, sorts them by key (two writers lock shared rows in one order) and
-- upserts them; statement-level triggers on the per-institution tables call it, so whatever keeps
-- the totals keeps the rollups, in the same transaction. offering_rollup also keeps year rows
-- (from the month rows), so a period reads about one row per offering type (ADR 066).

-- What the rollups must hold, recomputed from the ledger (through the per-institution views).
CREATE OR REPLACE VIEW offering_rollup_expected AS
SELECT p.period, p.starts_on, i.religion_id, coalesce(i.branch_id, 0) AS branch_id, e.offering_type_id, e.currency,
       sum(e.share_church)::bigint AS share_church, sum(e.share_field)::bigint AS share_field, sum(e.share_union)::bigint AS share_union
FROM offering_totals_expected e
JOIN institutions i ON i.id = e.institution_id
CROSS JOIN LATERAL (VALUES (e.period, e.starts_on), ('year', CASE WHEN e.period = 'month' THEN date_trunc('year', e.starts_on::timestamp)::date END)) AS p(period, starts_on)
WHERE p.starts_on IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint

CREATE OR REPLACE VIEW operator_rollup_expected AS
SELECT e.period, e.starts_on, i.religion_id, coalesce(i.branch_id, 0) AS branch_id, e.operator, e.status, e.currency,
       sum(e.transactions)::bigint AS transactions, sum(e.amount)::bigint AS amount, sum(e.fee)::bigint AS fee
FROM operator_totals_expected e
JOIN institutions i ON i.id = e.institution_id
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint

CREATE OR REPLACE VIEW collection_top_rollup_expected AS
SELECT e.period, e.starts_on, i.religion_id, coalesce(i.branch_id, 0) AS branch_id, split_part(i.path, '/', 2)::integer AS top_id, e.method, e.status, e.currency,
       sum(e.transactions)::bigint AS transactions, sum(e.amount)::bigint AS amount, sum(e.fee)::bigint AS fee
FROM collection_totals_expected e
JOIN institutions i ON i.id = e.institution_id
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint

-- Signed share deltas of day and month rows; a month row's delta also goes to its year's row.
CREATE OR REPLACE FUNCTION offering_rollup_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_period text[], p_starts date[], p_type integer[], p_currency text[],
  p_church bigint[], p_field bigint[], p_union bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO offering_rollup AS r (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
  SELECT p.period, p.starts_on, f.currency, f.religion_id, f.branch_id, f.offering_type_id,
         sum(f.sign * f.church), sum(f.sign * f.field), sum(f.sign * f.union_share)
  FROM unnest(p_sign, p_religion, p_branch, p_period, p_starts, p_type, p_currency, p_church, p_field, p_union)
       AS f(sign, religion_id, branch_id, period, starts_on, offering_type_id, currency, church, field, union_share)
  CROSS JOIN LATERAL (VALUES (f.period, f.starts_on), ('year', CASE WHEN f.period = 'month' THEN date_trunc('year', f.starts_on::timestamp)::date END)) AS p(period, starts_on)
  WHERE p.starts_on IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.sign * f.church) <> 0 OR sum(f.sign * f.field) <> 0 OR sum(f.sign * f.union_share) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT offering_rollup_pk DO UPDATE
    SET share_church = r.share_church + excluded.share_church, share_field = r.share_field + excluded.share_field, share_union = r.share_union + excluded.share_union
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION operator_rollup_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_period text[], p_starts date[], p_operator text[], p_status text[], p_currency text[],
  p_count bigint[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO operator_rollup AS r (period, starts_on, religion_id, branch_id, operator, status, currency, transactions, amount, fee)
  SELECT f.period, f.starts_on, f.religion_id, f.branch_id, f.operator, f.status, f.currency, sum(f.sign * f.n), sum(f.sign * f.amount), sum(f.sign * f.fee)
  FROM unnest(p_sign, p_religion, p_branch, p_period, p_starts, p_operator, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(sign, religion_id, branch_id, period, starts_on, operator, status, currency, n, amount, fee)
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(f.sign * f.n) <> 0 OR sum(f.sign * f.amount) <> 0 OR sum(f.sign * f.fee) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT operator_rollup_pk DO UPDATE
    SET transactions = r.transactions + excluded.transactions, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION collection_top_rollup_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_top integer[], p_period text[], p_starts date[], p_method text[], p_status text[], p_currency text[],
  p_count bigint[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO collection_top_rollup AS r (period, starts_on, religion_id, branch_id, top_id, method, status, currency, transactions, amount, fee)
  SELECT f.period, f.starts_on, f.religion_id, f.branch_id, f.top_id, f.method, f.status, f.currency, sum(f.sign * f.n), sum(f.sign * f.amount), sum(f.sign * f.fee)
  FROM unnest(p_sign, p_religion, p_branch, p_top, p_period, p_starts, p_method, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(sign, religion_id, branch_id, top_id, period, starts_on, method, status, currency, n, amount, fee)
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  HAVING sum(f.sign * f.n) <> 0 OR sum(f.sign * f.amount) <> 0 OR sum(f.sign * f.fee) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT ON CONSTRAINT collection_top_rollup_pk DO UPDATE
    SET transactions = r.transactions + excluded.transactions, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee
$$;--> statement-breakpoint

-- offering_totals changed: its rows' deltas (old rows taken away, new rows added) under their institutions' religion and branch.
CREATE OR REPLACE FUNCTION read_model_offering_rollup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM offering_rollup_add(array_agg(1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(n.period), array_agg(n.starts_on),
                                array_agg(n.offering_type_id), array_agg(n.currency), array_agg(n.share_church), array_agg(n.share_field), array_agg(n.share_union))
    FROM new_rows n JOIN institutions i ON i.id = n.institution_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM offering_rollup_add(array_agg(-1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(o.period), array_agg(o.starts_on),
                                array_agg(o.offering_type_id), array_agg(o.currency), array_agg(o.share_church), array_agg(o.share_field), array_agg(o.share_union))
    FROM old_rows o JOIN institutions i ON i.id = o.institution_id;
  ELSE
    PERFORM offering_rollup_add(array_agg(x.sign), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(x.period), array_agg(x.starts_on),
                                array_agg(x.offering_type_id), array_agg(x.currency), array_agg(x.share_church), array_agg(x.share_field), array_agg(x.share_union))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x JOIN institutions i ON i.id = x.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_operator_rollup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM operator_rollup_add(array_agg(1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(n.period), array_agg(n.starts_on),
                                array_agg(n.operator), array_agg(n.status), array_agg(n.currency), array_agg(n.transactions::bigint), array_agg(n.amount), array_agg(n.fee))
    FROM new_rows n JOIN institutions i ON i.id = n.institution_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM operator_rollup_add(array_agg(-1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(o.period), array_agg(o.starts_on),
                                array_agg(o.operator), array_agg(o.status), array_agg(o.currency), array_agg(o.transactions::bigint), array_agg(o.amount), array_agg(o.fee))
    FROM old_rows o JOIN institutions i ON i.id = o.institution_id;
  ELSE
    PERFORM operator_rollup_add(array_agg(x.sign), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(x.period), array_agg(x.starts_on),
                                array_agg(x.operator), array_agg(x.status), array_agg(x.currency), array_agg(x.transactions::bigint), array_agg(x.amount), array_agg(x.fee))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x JOIN institutions i ON i.id = x.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_top_rollup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_top_rollup_add(array_agg(1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(split_part(i.path, '/', 2)::integer),
                                      array_agg(n.period), array_agg(n.starts_on), array_agg(n.method), array_agg(n.status), array_agg(n.currency),
                                      array_agg(n.transactions::bigint), array_agg(n.amount), array_agg(n.fee))
    FROM new_rows n JOIN institutions i ON i.id = n.institution_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_top_rollup_add(array_agg(-1), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(split_part(i.path, '/', 2)::integer),
                                      array_agg(o.period), array_agg(o.starts_on), array_agg(o.method), array_agg(o.status), array_agg(o.currency),
                                      array_agg(o.transactions::bigint), array_agg(o.amount), array_agg(o.fee))
    FROM old_rows o JOIN institutions i ON i.id = o.institution_id;
  ELSE
    PERFORM collection_top_rollup_add(array_agg(x.sign), array_agg(i.religion_id), array_agg(coalesce(i.branch_id, 0)), array_agg(split_part(i.path, '/', 2)::integer),
                                      array_agg(x.period), array_agg(x.starts_on), array_agg(x.method), array_agg(x.status), array_agg(x.currency),
                                      array_agg(x.transactions::bigint), array_agg(x.amount), array_agg(x.fee))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x JOIN institutions i ON i.id = x.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS offering_rollup_insert ON offering_totals;--> statement-breakpoint
CREATE TRIGGER offering_rollup_insert AFTER INSERT ON offering_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_offering_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS offering_rollup_update ON offering_totals;--> statement-breakpoint
CREATE TRIGGER offering_rollup_update AFTER UPDATE ON offering_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_offering_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS offering_rollup_delete ON offering_totals;--> statement-breakpoint
CREATE TRIGGER offering_rollup_delete AFTER DELETE ON offering_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_offering_rollup_changed();--> statement-breakpoint

DROP TRIGGER IF EXISTS operator_rollup_insert ON operator_totals;--> statement-breakpoint
CREATE TRIGGER operator_rollup_insert AFTER INSERT ON operator_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS operator_rollup_update ON operator_totals;--> statement-breakpoint
CREATE TRIGGER operator_rollup_update AFTER UPDATE ON operator_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS operator_rollup_delete ON operator_totals;--> statement-breakpoint
CREATE TRIGGER operator_rollup_delete AFTER DELETE ON operator_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_rollup_changed();--> statement-breakpoint

DROP TRIGGER IF EXISTS collection_top_rollup_insert ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_top_rollup_insert AFTER INSERT ON collection_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_top_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_top_rollup_update ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_top_rollup_update AFTER UPDATE ON collection_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_top_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_top_rollup_delete ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_top_rollup_delete AFTER DELETE ON collection_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_top_rollup_changed();--> statement-breakpoint

-- An institution that changed religion, bank branch or top of the tree (an affiliation move rewrites
-- the paths of a whole subtree in one statement, ADR 052: this runs for each of its institutions)
-- moves its history: taken away from the old key, added to the new. Row-level and named to sort
-- before read_model_time_zone (triggers of one event fire in name order), like 0018's: when one
-- UPDATE also changes the zone, the history moved is the one before the zone's rebuild, which then
-- corrects it under the new key.
CREATE OR REPLACE FUNCTION read_model_rollups_institution_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- nullif: a new institution's path is written after its insert (from empty), with no history to move.
  old_top integer := nullif(split_part(OLD.path, '/', 2), '')::integer;
  new_top integer := nullif(split_part(NEW.path, '/', 2), '')::integer;
BEGIN
  IF (OLD.religion_id, coalesce(OLD.branch_id, 0), old_top) IS DISTINCT FROM (NEW.religion_id, coalesce(NEW.branch_id, 0), new_top) THEN
    PERFORM collection_top_rollup_add(array_agg(x.sign), array_agg(x.religion_id), array_agg(x.branch_id), array_agg(x.top_id), array_agg(c.period), array_agg(c.starts_on),
                                      array_agg(c.method), array_agg(c.status), array_agg(c.currency), array_agg(c.transactions::bigint), array_agg(c.amount), array_agg(c.fee))
    FROM collection_totals c
    CROSS JOIN (VALUES (-1, OLD.religion_id, coalesce(OLD.branch_id, 0), old_top), (1, NEW.religion_id, coalesce(NEW.branch_id, 0), new_top)) AS x(sign, religion_id, branch_id, top_id)
    WHERE c.institution_id = NEW.id;
  END IF;
  -- The other two are kept per religion and branch only: a move inside the tree changes nothing there.
  IF (OLD.religion_id, coalesce(OLD.branch_id, 0)) IS DISTINCT FROM (NEW.religion_id, coalesce(NEW.branch_id, 0)) THEN
    PERFORM offering_rollup_add(array_agg(x.sign), array_agg(x.religion_id), array_agg(x.branch_id), array_agg(t.period), array_agg(t.starts_on),
                                array_agg(t.offering_type_id), array_agg(t.currency), array_agg(t.share_church), array_agg(t.share_field), array_agg(t.share_union))
    FROM offering_totals t
    CROSS JOIN (VALUES (-1, OLD.religion_id, coalesce(OLD.branch_id, 0)), (1, NEW.religion_id, coalesce(NEW.branch_id, 0))) AS x(sign, religion_id, branch_id)
    WHERE t.institution_id = NEW.id;
    PERFORM operator_rollup_add(array_agg(x.sign), array_agg(x.religion_id), array_agg(x.branch_id), array_agg(t.period), array_agg(t.starts_on),
                                array_agg(t.operator), array_agg(t.status), array_agg(t.currency), array_agg(t.transactions::bigint), array_agg(t.amount), array_agg(t.fee))
    FROM operator_totals t
    CROSS JOIN (VALUES (-1, OLD.religion_id, coalesce(OLD.branch_id, 0)), (1, NEW.religion_id, coalesce(NEW.branch_id, 0))) AS x(sign, religion_id, branch_id)
    WHERE t.institution_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS bank_rollups_institution_moved ON institutions;--> statement-breakpoint
CREATE TRIGGER bank_rollups_institution_moved AFTER UPDATE OF branch_id, religion_id, path ON institutions
  FOR EACH ROW WHEN (OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.religion_id IS DISTINCT FROM NEW.religion_id
                     OR split_part(OLD.path, '/', 2) IS DISTINCT FROM split_part(NEW.path, '/', 2))
  EXECUTE FUNCTION read_model_rollups_institution_moved();--> statement-breakpoint

-- The rollups recomputed from the per-institution tables (the whole rebuild's last step, and this
-- migration's one-time fill: the per-institution tables are already right).
CREATE OR REPLACE FUNCTION read_model_rebuild_bank_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM offering_rollup;
  INSERT INTO offering_rollup (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
  SELECT p.period, p.starts_on, o.currency, i.religion_id, coalesce(i.branch_id, 0), o.offering_type_id, sum(o.share_church), sum(o.share_field), sum(o.share_union)
  FROM offering_totals o JOIN institutions i ON i.id = o.institution_id
  CROSS JOIN LATERAL (VALUES (o.period, o.starts_on), ('year', CASE WHEN o.period = 'month' THEN date_trunc('year', o.starts_on::timestamp)::date END)) AS p(period, starts_on)
  WHERE p.starts_on IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(o.share_church) <> 0 OR sum(o.share_field) <> 0 OR sum(o.share_union) <> 0;
  DELETE FROM operator_rollup;
  INSERT INTO operator_rollup (period, starts_on, religion_id, branch_id, operator, status, currency, transactions, amount, fee)
  SELECT o.period, o.starts_on, i.religion_id, coalesce(i.branch_id, 0), o.operator, o.status, o.currency, sum(o.transactions), sum(o.amount), sum(o.fee)
  FROM operator_totals o JOIN institutions i ON i.id = o.institution_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  DELETE FROM collection_top_rollup;
  INSERT INTO collection_top_rollup (period, starts_on, religion_id, branch_id, top_id, method, status, currency, transactions, amount, fee)
  SELECT c.period, c.starts_on, i.religion_id, coalesce(i.branch_id, 0), split_part(i.path, '/', 2)::integer, c.method, c.status, c.currency, sum(c.transactions), sum(c.amount), sum(c.fee)
  FROM collection_totals c JOIN institutions i ON i.id = c.institution_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
$$;--> statement-breakpoint

-- The rebuild: 0040's function plus the rollups when it is whole (the seeds load in replica mode);
-- one institution's rebuild (its time zone changed) goes through the totals' triggers above.
CREATE OR REPLACE FUNCTION read_model_rebuild(p_institution integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM collection_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  DELETE FROM offering_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO collection_totals (period, starts_on, institution_id, method, status, currency, transactions, amount, fee)
  SELECT period, starts_on, institution_id, method, status, currency, transactions, amount, fee
  FROM collection_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO offering_totals (period, starts_on, institution_id, offering_type_id, method, status, currency, amount, share_church, share_field, share_union)
  SELECT period, starts_on, institution_id, offering_type_id, method, status, currency, amount, share_church, share_field, share_union
  FROM offering_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
  DELETE FROM collection_rollup WHERE p_institution IS NULL;
  INSERT INTO collection_rollup (period, starts_on, religion_id, branch_id, method, status, currency, transactions, amount, fee)
  SELECT c.period, c.starts_on, i.religion_id, coalesce(i.branch_id, 0), c.method, c.status, c.currency, sum(c.transactions), sum(c.amount), sum(c.fee)
  FROM collection_totals c JOIN institutions i ON i.id = c.institution_id
  WHERE p_institution IS NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
  DELETE FROM collection_year_totals WHERE p_institution IS NULL;
  INSERT INTO collection_year_totals (starts_on, institution_id, method, status, currency, transactions, amount, fee)
  SELECT date_trunc('year', c.starts_on::timestamp)::date, c.institution_id, c.method, c.status, c.currency, sum(c.transactions), sum(c.amount), sum(c.fee)
  FROM collection_totals c
  WHERE p_institution IS NULL AND c.period = 'month'
  GROUP BY 1, 2, 3, 4, 5;
  DELETE FROM operator_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO operator_totals (period, starts_on, institution_id, operator, status, currency, transactions, amount, fee)
  SELECT period, starts_on, institution_id, operator, status, currency, transactions, amount, fee
  FROM operator_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
  SELECT read_model_rebuild_bank_rollups() WHERE p_institution IS NULL;
$$;--> statement-breakpoint

SELECT read_model_rebuild_bank_rollups();--> statement-breakpoint
ANALYZE offering_rollup;--> statement-breakpoint
ANALYZE operator_rollup;--> statement-breakpoint
ANALYZE collection_top_rollup;
