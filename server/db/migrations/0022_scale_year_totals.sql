CREATE TABLE "collection_year_totals" (
	"starts_on" date NOT NULL,
	"institution_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_year_totals_pk" PRIMARY KEY("institution_id","starts_on","method","status","currency")
);
--> statement-breakpoint
CREATE INDEX "collection_year_totals_year" ON "collection_year_totals" USING btree ("starts_on","status","currency","institution_id");--> statement-breakpoint

-- Year totals per institution (issue 15, docs/decisions/055-bank-scale-measurements.md): the month
-- rows of collection_totals summed per calendar year. The bank admin's dashboard ranks the top
-- institutions of the year from one row per institution and key instead of summing ~110,000 month
-- rows on every request. Kept like collection_rollup (0018): statement-level triggers on
-- collection_totals add signed deltas of its month rows, in the same transaction, so whatever keeps
-- the totals keeps the year rows; read_model_rebuild(null) rebuilds them (the seeds load in replica
-- mode); collection_year_totals_expected recomputes them from the ledger for the check.
CREATE OR REPLACE VIEW collection_year_totals_expected AS
SELECT date_trunc('year', e.starts_on::timestamp)::date AS starts_on, e.institution_id, e.method, e.status, e.currency,
       sum(e.transactions)::bigint AS transactions, sum(e.amount)::bigint AS amount, sum(e.fee)::bigint AS fee
FROM collection_totals_expected e
WHERE e.period = 'month'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint

-- Adds signed deltas of month rows to their years, sorted by key (two writers lock in one order).
CREATE OR REPLACE FUNCTION collection_year_totals_add(
  p_sign integer[], p_institution integer[], p_period text[], p_starts date[], p_method text[], p_status text[], p_currency text[],
  p_count bigint[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO collection_year_totals AS y (starts_on, institution_id, method, status, currency, transactions, amount, fee)
  SELECT date_trunc('year', f.starts_on::timestamp)::date, f.institution_id, f.method, f.status, f.currency,
         sum(f.sign * f.n), sum(f.sign * f.amount), sum(f.sign * f.fee)
  FROM unnest(p_sign, p_institution, p_period, p_starts, p_method, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(sign, institution_id, period, starts_on, method, status, currency, n, amount, fee)
  WHERE f.period = 'month'
  GROUP BY 2, 1, 3, 4, 5
  HAVING sum(f.sign * f.n) <> 0 OR sum(f.sign * f.amount) <> 0 OR sum(f.sign * f.fee) <> 0
  ORDER BY 2, 1, 3, 4, 5
  ON CONFLICT ON CONSTRAINT collection_year_totals_pk DO UPDATE
    SET transactions = y.transactions + excluded.transactions, amount = y.amount + excluded.amount, fee = y.fee + excluded.fee
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_year_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_year_totals_add(array_agg(1), array_agg(n.institution_id), array_agg(n.period), array_agg(n.starts_on), array_agg(n.method),
                                       array_agg(n.status), array_agg(n.currency), array_agg(n.transactions::bigint), array_agg(n.amount), array_agg(n.fee))
    FROM new_rows n WHERE n.period = 'month';
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_year_totals_add(array_agg(-1), array_agg(o.institution_id), array_agg(o.period), array_agg(o.starts_on), array_agg(o.method),
                                       array_agg(o.status), array_agg(o.currency), array_agg(o.transactions::bigint), array_agg(o.amount), array_agg(o.fee))
    FROM old_rows o WHERE o.period = 'month';
  ELSE
    PERFORM collection_year_totals_add(array_agg(x.sign), array_agg(x.institution_id), array_agg(x.period), array_agg(x.starts_on), array_agg(x.method),
                                       array_agg(x.status), array_agg(x.currency), array_agg(x.transactions::bigint), array_agg(x.amount), array_agg(x.fee))
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) x WHERE x.period = 'month';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS collection_year_totals_insert ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_year_totals_insert AFTER INSERT ON collection_totals
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_year_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_year_totals_update ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_year_totals_update AFTER UPDATE ON collection_totals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_year_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS collection_year_totals_delete ON collection_totals;--> statement-breakpoint
CREATE TRIGGER collection_year_totals_delete AFTER DELETE ON collection_totals
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_year_changed();--> statement-breakpoint

-- The whole rebuild rebuilds the year rows too (0018's function, plus the last two statements).
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
$$;--> statement-breakpoint

-- Existing totals, once.
DELETE FROM collection_year_totals;--> statement-breakpoint
INSERT INTO collection_year_totals (starts_on, institution_id, method, status, currency, transactions, amount, fee)
SELECT date_trunc('year', c.starts_on::timestamp)::date, c.institution_id, c.method, c.status, c.currency, sum(c.transactions), sum(c.amount), sum(c.fee)
FROM collection_totals c
WHERE c.period = 'month'
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
ANALYZE collection_year_totals;
