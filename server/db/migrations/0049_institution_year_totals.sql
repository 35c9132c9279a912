CREATE TABLE "institution_year_totals" (
	"starts_on" date NOT NULL,
	"institution_id" integer NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "institution_year_totals_pk" PRIMARY KEY("institution_id","starts_on","status","currency")
);
--> statement-breakpoint
CREATE INDEX "institution_year_totals_ranked" ON "institution_year_totals" USING btree ("starts_on","status","currency","amount" DESC NULLS FIRST,"institution_id");--> statement-breakpoint

-- Issue 15 (docs/decisions/070-dashboard-top-institutions-flat.md): the bank admin's top five
-- institutions of the year summed every institution's year rows of collection_year_totals (one per
-- method: ~100,000 at 10x) and sorted the sums on every request. institution_year_totals keeps those
-- sums, one row per institution, year, status and currency, and its index in amount order gives the
-- top five as the first rows of an index scan. Kept like collection_year_totals (0022): statement-level
-- triggers on collection_year_totals add signed deltas of its rows, in the same transaction, so
-- whatever keeps the year rows keeps these; read_model_rebuild(null) rebuilds them (the seeds load in
-- replica mode); institution_year_totals_expected recomputes them from the ledger for the check.
-- Nothing here depends on religion, branch or path: an affiliation move keeps the institution's id.
CREATE OR REPLACE VIEW institution_year_totals_expected AS
SELECT e.starts_on, e.institution_id, e.status, e.currency,
       sum(e.transactions)::bigint AS transactions, sum(e.amount)::bigint AS amount, sum(e.fee)::bigint AS fee
FROM collection_year_totals_expected e
GROUP BY 1, 2, 3, 4;--> statement-breakpoint

-- Adds signed deltas of year rows, sorted by key (two writers lock in one order).
CREATE OR REPLACE FUNCTION institution_year_totals_add(
  p_sign integer[], p_institution integer[], p_starts date[], p_status text[], p_currency text[],
  p_count bigint[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO institution_year_totals AS y (institution_id, starts_on, status, currency, transactions, amount, fee)
  SELECT f.institution_id, f.starts_on, f.status, f.currency, sum(f.sign * f.n), sum(f.sign * f.amount), sum(f.sign * f.fee)
  FROM unnest(p_sign, p_institution, p_starts, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(sign, institution_id, starts_on, status, currency, n, amount, fee)
  GROUP BY 1, 2, 3, 4
  HAVING sum(f.sign * f.n) <> 0 OR sum(f.sign * f.amount) <> 0 OR sum(f.sign * f.fee) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT institution_year_totals_pk DO UPDATE
    SET transactions = y.transactions + excluded.transactions, amount = y.amount + excluded.amount, fee = y.fee + excluded.fee
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_institution_year_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM institution_year_totals_add(array_agg(1), array_agg(n.institution_id), array_agg(n.starts_on), array_agg(n.status), array_agg(n.currency),
                                        array_agg(n.transactions), array_agg(n.amount), array_agg(n.fee))
    FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM institution_year_totals_add(array_agg(-1), array_agg(o.institution_id), array_agg(o.starts_on), array_agg(o.status), array_agg(o.currency),
                                        array_agg(o.transactions), array_agg(o.amount), array_agg(o.fee))
    FROM old_rows o;
  ELSE
    PERFORM institution_year_totals_add(array_agg(x.sign), array_agg(x.institution_id), array_agg(x.starts_on), array_agg(x.status), array_agg(x.currency),
                                        array_agg(x.transactions), array_agg(x.amount), array_agg(x.fee))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS institution_year_totals_insert ON collection_year_totals;--> statement-breakpoint
CREATE TRIGGER institution_year_totals_insert AFTER INSERT ON collection_year_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_institution_year_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS institution_year_totals_update ON collection_year_totals;--> statement-breakpoint
CREATE TRIGGER institution_year_totals_update AFTER UPDATE ON collection_year_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_institution_year_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS institution_year_totals_delete ON collection_year_totals;--> statement-breakpoint
CREATE TRIGGER institution_year_totals_delete AFTER DELETE ON collection_year_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_institution_year_changed();--> statement-breakpoint

-- The rebuild: 0043's function, plus these rows from the year rows when it is whole; one
-- institution's rebuild (its time zone changed) goes through the triggers above.
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
  DELETE FROM institution_year_totals WHERE p_institution IS NULL;
  INSERT INTO institution_year_totals (institution_id, starts_on, status, currency, transactions, amount, fee)
  SELECT y.institution_id, y.starts_on, y.status, y.currency, sum(y.transactions), sum(y.amount), sum(y.fee)
  FROM collection_year_totals y
  WHERE p_institution IS NULL
  GROUP BY 1, 2, 3, 4;
  DELETE FROM operator_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO operator_totals (period, starts_on, institution_id, operator, status, currency, transactions, amount, fee)
  SELECT period, starts_on, institution_id, operator, status, currency, transactions, amount, fee
  FROM operator_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
  SELECT read_model_rebuild_bank_rollups() WHERE p_institution IS NULL;
$$;--> statement-breakpoint

-- Existing year rows, once.
DELETE FROM institution_year_totals;--> statement-breakpoint
INSERT INTO institution_year_totals (institution_id, starts_on, status, currency, transactions, amount, fee)
SELECT y.institution_id, y.starts_on, y.status, y.currency, sum(y.transactions), sum(y.amount), sum(y.fee)
FROM collection_year_totals y
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
ANALYZE institution_year_totals;
