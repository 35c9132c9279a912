CREATE TABLE "operator_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"institution_id" integer NOT NULL,
	"operator" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "operator_totals_pk" PRIMARY KEY("institution_id","period","starts_on","operator","status","currency"),
	CONSTRAINT "operator_totals_period_kind" CHECK ("operator_totals"."period" in ('day','month'))
);
--> statement-breakpoint
CREATE INDEX "operator_totals_period" ON "operator_totals" USING btree ("period","starts_on");--> statement-breakpoint

-- Totals per network operator (issue 16, docs/decisions/065-operator-totals.md): the givings that name
-- an operator (mobile money: M-Pesa, Mixx/Tigo Pesa, Airtel Money, HaloPesa, T-Pesa; cash, cheque,
-- card and bank have none), per collecting institution, day and month of received_at in the
-- institution's zone, operator, status and currency. Kept like collection_totals (0011/0012):
-- statement-level triggers on transactions with transition tables, one sorted upsert per statement,
-- in the same transaction as the money; read_model_rebuild rebuilds it (whole, or one institution
-- when its time zone changes); operator_totals_expected recomputes it from transactions for the check.
CREATE OR REPLACE VIEW operator_totals_expected AS
SELECT p.period,
       CASE p.period WHEN 'day' THEN d.day ELSE date_trunc('month', d.day::timestamp)::date END AS starts_on,
       t.institution_id, t.operator, t.status, t.currency,
       count(*)::integer AS transactions, sum(t.amount)::bigint AS amount, sum(t.fee)::bigint AS fee
FROM transactions t
JOIN institutions i ON i.id = t.institution_id
CROSS JOIN LATERAL (SELECT (t.received_at AT TIME ZONE i.time_zone)::date AS day) d
CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
WHERE t.operator IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint

-- Adds signed deltas (one element per changed row) to the day and month rows they fall in; rows
-- without an operator are not counted. Sorted by key so two writers lock shared rows in one order.
CREATE OR REPLACE FUNCTION operator_totals_add(
  p_institution integer[], p_day date[], p_operator text[], p_status text[], p_currency text[],
  p_count integer[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO operator_totals AS o (period, starts_on, institution_id, operator, status, currency, transactions, amount, fee)
  SELECT p.period,
         CASE p.period WHEN 'day' THEN f.day ELSE date_trunc('month', f.day::timestamp)::date END AS starts_on,
         f.institution_id, f.operator, f.status, f.currency, sum(f.n), sum(f.amount), sum(f.fee)
  FROM unnest(p_institution, p_day, p_operator, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(institution_id, day, operator, status, currency, n, amount, fee)
  CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
  WHERE f.operator IS NOT NULL
  GROUP BY f.institution_id, 1, 2, f.operator, f.status, f.currency
  HAVING sum(f.n) <> 0 OR sum(f.amount) <> 0 OR sum(f.fee) <> 0
  ORDER BY f.institution_id, 1, 2, f.operator, f.status, f.currency
  ON CONFLICT ON CONSTRAINT operator_totals_pk DO UPDATE
    SET transactions = o.transactions + excluded.transactions, amount = o.amount + excluded.amount, fee = o.fee + excluded.fee
$$;--> statement-breakpoint

-- transactions: a new row adds itself, a deleted row takes itself away, an update that changes what
-- is counted (institution, day, operator, status, currency, amount, fee) moves the row from the old
-- key to the new (a payment that completes, an operator filled in late).
CREATE OR REPLACE FUNCTION read_model_operator_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM operator_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.operator), array_agg(m.status),
                                array_agg(m.currency), array_agg(1), array_agg(m.amount), array_agg(m.fee))
    FROM (SELECT n.*, (n.received_at AT TIME ZONE i.time_zone)::date AS day
          FROM new_rows n JOIN institutions i ON i.id = n.institution_id WHERE n.operator IS NOT NULL) m;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM operator_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.operator), array_agg(m.status),
                                array_agg(m.currency), array_agg(-1), array_agg(-m.amount), array_agg(-m.fee))
    FROM (SELECT o.*, (o.received_at AT TIME ZONE i.time_zone)::date AS day
          FROM old_rows o JOIN institutions i ON i.id = o.institution_id WHERE o.operator IS NOT NULL) m;
  ELSE
    PERFORM operator_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.operator), array_agg(m.status),
                                array_agg(m.currency), array_agg(m.sign), array_agg(m.sign * m.amount), array_agg(m.sign * m.fee))
    FROM (
      SELECT x.*, (x.received_at AT TIME ZONE i.time_zone)::date AS day
      FROM (
        SELECT -1 AS sign, o.institution_id, o.received_at, o.operator, o.status, o.currency, o.amount, o.fee
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.operator IS NOT NULL
          AND (o.institution_id, o.received_at, o.operator, o.status, o.currency, o.amount, o.fee)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.operator, n.status, n.currency, n.amount, n.fee)
        UNION ALL
        SELECT 1, n.institution_id, n.received_at, n.operator, n.status, n.currency, n.amount, n.fee
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.operator IS NOT NULL
          AND (o.institution_id, o.received_at, o.operator, o.status, o.currency, o.amount, o.fee)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.operator, n.status, n.currency, n.amount, n.fee)
      ) x JOIN institutions i ON i.id = x.institution_id
    ) m;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS read_model_operator_insert ON transactions;--> statement-breakpoint
CREATE TRIGGER read_model_operator_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_operator_update ON transactions;--> statement-breakpoint
CREATE TRIGGER read_model_operator_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS read_model_operator_delete ON transactions;--> statement-breakpoint
CREATE TRIGGER read_model_operator_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION read_model_operator_changed();--> statement-breakpoint

-- The rebuild (0022's function plus the last two statements): whole, or one institution's rows
-- when its time zone changes (read_model_time_zone_changed calls it with the institution).
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
$$;--> statement-breakpoint

-- Existing money, once (only this table: the rest is already right).
INSERT INTO operator_totals (period, starts_on, institution_id, operator, status, currency, transactions, amount, fee)
SELECT period, starts_on, institution_id, operator, status, currency, transactions, amount, fee
FROM operator_totals_expected;--> statement-breakpoint
ANALYZE operator_totals;
