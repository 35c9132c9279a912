-- The unscoped rollup of the read model (issue 15, docs/decisions/030-read-model.md): the
-- transaction totals of collection_totals summed over institutions, per religion and bank branch
-- (0 = none). A bank admin (everything, or one religion) or a branch officer (one branch) reads
-- a few hundred rows of it instead of one row per institution and key (~150,000 for a year at
-- 2,000 congregations). Kept by statement-level triggers on collection_totals itself, so whatever
-- keeps the totals keeps the rollup, in the same transaction; an institution that changes branch
-- or religion takes its history along. read_model_rebuild(null) rebuilds it too.
CREATE TABLE IF NOT EXISTS collection_rollup (
  period text NOT NULL,
  starts_on date NOT NULL,
  religion_id integer NOT NULL,
  branch_id integer NOT NULL,
  method text NOT NULL,
  status text NOT NULL,
  currency text NOT NULL,
  transactions bigint NOT NULL DEFAULT 0,
  amount bigint NOT NULL DEFAULT 0,
  fee bigint NOT NULL DEFAULT 0,
  CONSTRAINT collection_rollup_pk PRIMARY KEY (period, starts_on, religion_id, branch_id, method, status, currency),
  CONSTRAINT collection_rollup_period_kind CHECK (period IN ('day', 'month'))
);--> statement-breakpoint

-- What the rollup must hold, recomputed from the ledger (through collection_totals_expected).
CREATE OR REPLACE VIEW collection_rollup_expected AS
SELECT e.period, e.starts_on, i.religion_id, coalesce(i.branch_id, 0) AS branch_id, e.method, e.status, e.currency,
       sum(e.transactions)::bigint AS transactions, sum(e.amount)::bigint AS amount, sum(e.fee)::bigint AS fee
FROM collection_totals_expected e
JOIN institutions i ON i.id = e.institution_id
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint

-- Adds signed deltas of collection_totals rows to the rollup rows of their institutions' religion
-- and branch. Sorted by key so two writers lock shared rows in one order (no deadlock).
CREATE OR REPLACE FUNCTION collection_rollup_add(
  p_sign integer[], p_institution integer[], p_period text[], p_starts date[], p_method text[], p_status text[], p_currency text[],
  p_count bigint[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO collection_rollup AS r (period, starts_on, religion_id, branch_id, method, status, currency, transactions, amount, fee)
  SELECT f.period, f.starts_on, i.religion_id, coalesce(i.branch_id, 0), f.method, f.status, f.currency,
         sum(f.sign * f.n), sum(f.sign * f.amount), sum(f.sign * f.fee)
  FROM unnest(p_sign, p_institution, p_period, p_starts, p_method, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(sign, institution_id, period, starts_on, method, status, currency, n, amount, fee)
  JOIN institutions i ON i.id = f.institution_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  HAVING sum(f.sign * f.n) <> 0 OR sum(f.sign * f.amount) <> 0 OR sum(f.sign * f.fee) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT collection_rollup_pk DO UPDATE
    SET transactions = r.transactions + excluded.transactions, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_rollup_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_rollup_add(array_agg(1), array_agg(n.institution_id), array_agg(n.period), array_agg(n.starts_on), array_agg(n.method),
                                  array_agg(n.status), array_agg(n.currency), array_agg(n.transactions::bigint), array_agg(n.amount), array_agg(n.fee))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_rollup_add(array_agg(-1), array_agg(o.institution_id), array_agg(o.period), array_agg(o.starts_on), array_agg(o.method),
                                  array_agg(o.status), array_agg(o.currency), array_agg(o.transactions::bigint), array_agg(o.amount), array_agg(o.fee))
    FROM old_rows o;
  ELSE
    PERFORM collection_rollup_add(array_agg(x.sign), array_agg(x.institution_id), array_agg(x.period), array_agg(x.starts_on), array_agg(x.method),
                                  array_agg(x.status), array_agg(x.currency), array_agg(x.transactions::bigint), array_agg(x.amount), array_agg(x.fee))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS collection_rollup_insert ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_rollup_insert AFTER INSERT ON collection_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_rollup_update ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_rollup_update AFTER UPDATE ON collection_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_rollup_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_rollup_delete ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_rollup_delete AFTER DELETE ON collection_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_rollup_changed();--> statement-breakpoint

-- An institution moved to another branch (or religion) moves its history in the rollup.
CREATE OR REPLACE FUNCTION read_model_rollup_institution_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO collection_rollup AS r (period, starts_on, religion_id, branch_id, method, status, currency, transactions, amount, fee)
  SELECT c.period, c.starts_on, x.religion_id, x.branch_id, c.method, c.status, c.currency,
         sum(x.sign * c.transactions), sum(x.sign * c.amount), sum(x.sign * c.fee)
  FROM collection_totals c
  CROSS JOIN (VALUES (-1, OLD.religion_id, coalesce(OLD.branch_id, 0)), (1, NEW.religion_id, coalesce(NEW.branch_id, 0))) AS x(sign, religion_id, branch_id)
  WHERE c.institution_id = NEW.id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ORDER BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT ON CONSTRAINT collection_rollup_pk DO UPDATE
    SET transactions = r.transactions + excluded.transactions, amount = r.amount + excluded.amount, fee = r.fee + excluded.fee;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS collection_rollup_institution_moved ON institutions;--> statement-breakpoint
CREATE TRIGGER collection_rollup_institution_moved AFTER UPDATE OF branch_id, religion_id ON institutions
  FOR EACH ROW WHEN (OLD.branch_id IS DISTINCT FROM NEW.branch_id OR OLD.religion_id IS DISTINCT FROM NEW.religion_id)
  EXECUTE FUNCTION read_model_rollup_institution_moved();--> statement-breakpoint

-- The whole rebuild (the seeds load in replica mode, without triggers) rebuilds the rollup too.
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
$$;--> statement-breakpoint

-- Existing totals, once (without the full rebuild: the totals are already right).
DELETE FROM collection_rollup;--> statement-breakpoint
INSERT INTO collection_rollup (period, starts_on, religion_id, branch_id, method, status, currency, transactions, amount, fee)
SELECT c.period, c.starts_on, i.religion_id, coalesce(i.branch_id, 0), c.method, c.status, c.currency, sum(c.transactions), sum(c.amount), sum(c.fee)
FROM collection_totals c JOIN institutions i ON i.id = c.institution_id
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
ANALYZE collection_rollup;
