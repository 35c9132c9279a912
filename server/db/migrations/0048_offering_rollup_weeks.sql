-- Issue 16 (docs/decisions/072-offering-types-ranked-by-total.md): the dashboard's top offering
-- types for bank staff with no institution chosen read one whole row per type in total order
-- (services/read-model/offering-type-top.ts) instead of summing and sorting every congregation's
-- types (60,040 month rows at 10x). offering_rollup gains week rows (Monday to Sunday, the
-- dashboard's week; from the day rows, as the year rows come from the month rows), and its week,
-- month and year partitions an index by total. The day partition gets none: it is never read
-- whole-row-first.
ALTER TABLE "offering_rollup" DROP CONSTRAINT "offering_rollup_period_kind";--> statement-breakpoint
ALTER TABLE "offering_rollup" ADD CONSTRAINT "offering_rollup_period_kind" CHECK ("period" in ('day','week','month','year'));--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "offering_rollup_week" PARTITION OF "offering_rollup" FOR VALUES IN ('week');--> statement-breakpoint

CREATE OR REPLACE VIEW offering_rollup_expected AS
SELECT p.period, p.starts_on, i.religion_id, coalesce(i.branch_id, 0) AS branch_id, e.offering_type_id, e.currency,
       sum(e.share_church)::bigint AS share_church, sum(e.share_field)::bigint AS share_field, sum(e.share_union)::bigint AS share_union
FROM offering_totals_expected e
JOIN institutions i ON i.id = e.institution_id
CROSS JOIN LATERAL (VALUES (e.period, e.starts_on), ('year', CASE WHEN e.period = 'month' THEN date_trunc('year', e.starts_on::timestamp)::date END),
                           ('week', CASE WHEN e.period = 'day' THEN date_trunc('week', e.starts_on::timestamp)::date END)) AS p(period, starts_on)
WHERE p.starts_on IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint

-- A day row's delta also goes to its week's row (date_trunc('week'): the Monday), a month row's to its year's.
CREATE OR REPLACE FUNCTION offering_rollup_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_period text[], p_starts date[], p_type integer[], p_currency text[],
  p_church bigint[], p_field bigint[], p_union bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO offering_rollup AS r (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
  SELECT p.period, p.starts_on, f.currency, f.religion_id, f.branch_id, f.offering_type_id,
         sum(f.sign * f.church), sum(f.sign * f.field), sum(f.sign * f.union_share)
  FROM unnest(p_sign, p_religion, p_branch, p_period, p_starts, p_type, p_currency, p_church, p_field, p_union)
       AS f(sign, religion_id, branch_id, period, starts_on, offering_type_id, currency, church, field, union_share)
  CROSS JOIN LATERAL (VALUES (f.period, f.starts_on), ('year', CASE WHEN f.period = 'month' THEN date_trunc('year', f.starts_on::timestamp)::date END),
                           ('week', CASE WHEN f.period = 'day' THEN date_trunc('week', f.starts_on::timestamp)::date END)) AS p(period, starts_on)
  WHERE p.starts_on IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6
  HAVING sum(f.sign * f.church) <> 0 OR sum(f.sign * f.field) <> 0 OR sum(f.sign * f.union_share) <> 0
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ON CONSTRAINT offering_rollup_pk DO UPDATE
    SET share_church = r.share_church + excluded.share_church, share_field = r.share_field + excluded.share_field, share_union = r.share_union + excluded.share_union
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION read_model_rebuild_bank_rollups() RETURNS void LANGUAGE sql AS $$
  DELETE FROM offering_rollup;
  INSERT INTO offering_rollup (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
  SELECT p.period, p.starts_on, o.currency, i.religion_id, coalesce(i.branch_id, 0), o.offering_type_id, sum(o.share_church), sum(o.share_field), sum(o.share_union)
  FROM offering_totals o JOIN institutions i ON i.id = o.institution_id
  CROSS JOIN LATERAL (VALUES (o.period, o.starts_on), ('year', CASE WHEN o.period = 'month' THEN date_trunc('year', o.starts_on::timestamp)::date END),
                           ('week', CASE WHEN o.period = 'day' THEN date_trunc('week', o.starts_on::timestamp)::date END)) AS p(period, starts_on)
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

-- The week rows of the history so far, from the day rows (which the triggers kept right).
INSERT INTO offering_rollup (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
SELECT 'week', date_trunc('week', starts_on::timestamp)::date, currency, religion_id, branch_id, offering_type_id, sum(share_church), sum(share_field), sum(share_union)
FROM offering_rollup WHERE period = 'day'
GROUP BY 1, 2, 3, 4, 5, 6
HAVING sum(share_church) <> 0 OR sum(share_field) <> 0 OR sum(share_union) <> 0
ON CONFLICT ON CONSTRAINT offering_rollup_pk DO NOTHING;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offering_rollup_week_by_total ON offering_rollup_week (starts_on, currency, (share_church + share_field + share_union) DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offering_rollup_month_by_total ON offering_rollup_month (starts_on, currency, (share_church + share_field + share_union) DESC);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS offering_rollup_year_by_total ON offering_rollup_year (starts_on, currency, (share_church + share_field + share_union) DESC);--> statement-breakpoint
ANALYZE offering_rollup;
