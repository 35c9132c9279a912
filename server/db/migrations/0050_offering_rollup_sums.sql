-- Issue 16 (docs/decisions/072-offering-types-ranked-by-total.md): the sums over every offering
-- type of an offering_rollup row (how many types have a share, and the shares), per religion and
-- branch, so the dashboard's "other types" and the offerings report's totals for bank staff read a
-- few rows instead of every type's row of the period (59,024 week rows at 10x, 93 ms). Kept by
-- offering_rollup_add in the same statement as the rows it sums: the upsert returns each row's new
-- shares, and the row's old shares are the new less the delta, so whether a type starts or stops
-- having a share is known without reading anything else.
CREATE TABLE "offering_rollup_sums" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"religion_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"currency" text NOT NULL,
	"types" bigint DEFAULT 0 NOT NULL,
	"share_church" bigint DEFAULT 0 NOT NULL,
	"share_field" bigint DEFAULT 0 NOT NULL,
	"share_union" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offering_rollup_sums_pk" PRIMARY KEY("period","starts_on","currency","religion_id","branch_id"),
	CONSTRAINT "offering_rollup_sums_period_kind" CHECK ("period" in ('day','week','month','year'))
);--> statement-breakpoint

CREATE OR REPLACE VIEW offering_rollup_sums_expected AS
SELECT period, starts_on, religion_id, branch_id, currency,
       count(*) FILTER (WHERE (e.share_church <> 0 OR e.share_field <> 0 OR e.share_union <> 0))::bigint AS types,
       sum(share_church)::bigint AS share_church, sum(share_field)::bigint AS share_field, sum(share_union)::bigint AS share_union
FROM offering_rollup_expected e
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint

CREATE OR REPLACE FUNCTION offering_rollup_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_period text[], p_starts date[], p_type integer[], p_currency text[],
  p_church bigint[], p_field bigint[], p_union bigint[]
) RETURNS void LANGUAGE sql AS $$
  WITH delta AS (
    SELECT p.period, p.starts_on, f.currency, f.religion_id, f.branch_id, f.offering_type_id,
           sum(f.sign * f.church) AS church, sum(f.sign * f.field) AS field, sum(f.sign * f.union_share) AS union_share
    FROM unnest(p_sign, p_religion, p_branch, p_period, p_starts, p_type, p_currency, p_church, p_field, p_union)
         AS f(sign, religion_id, branch_id, period, starts_on, offering_type_id, currency, church, field, union_share)
    CROSS JOIN LATERAL (VALUES (f.period, f.starts_on), ('year', CASE WHEN f.period = 'month' THEN date_trunc('year', f.starts_on::timestamp)::date END),
                           ('week', CASE WHEN f.period = 'day' THEN date_trunc('week', f.starts_on::timestamp)::date END)) AS p(period, starts_on)
    WHERE p.starts_on IS NOT NULL
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(f.sign * f.church) <> 0 OR sum(f.sign * f.field) <> 0 OR sum(f.sign * f.union_share) <> 0
  ), upserted AS (
    INSERT INTO offering_rollup AS r (period, starts_on, currency, religion_id, branch_id, offering_type_id, share_church, share_field, share_union)
    SELECT period, starts_on, currency, religion_id, branch_id, offering_type_id, church, field, union_share FROM delta
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT offering_rollup_pk DO UPDATE
      SET share_church = r.share_church + excluded.share_church, share_field = r.share_field + excluded.share_field, share_union = r.share_union + excluded.share_union
    RETURNING r.period, r.starts_on, r.currency, r.religion_id, r.branch_id, r.offering_type_id, r.share_church, r.share_field, r.share_union
  )
  INSERT INTO offering_rollup_sums AS s (period, starts_on, currency, religion_id, branch_id, types, share_church, share_field, share_union)
  SELECT u.period, u.starts_on, u.currency, u.religion_id, u.branch_id,
         -- A type counts when its row holds a share now and did not before (the row less this delta), or the reverse.
         sum((u.share_church <> 0 OR u.share_field <> 0 OR u.share_union <> 0)::integer - (u.share_church - d.church <> 0 OR u.share_field - d.field <> 0 OR u.share_union - d.union_share <> 0)::integer),
         sum(d.church), sum(d.field), sum(d.union_share)
  FROM upserted u
  JOIN delta d ON (d.period, d.starts_on, d.currency, d.religion_id, d.branch_id, d.offering_type_id) = (u.period, u.starts_on, u.currency, u.religion_id, u.branch_id, u.offering_type_id)
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT offering_rollup_sums_pk DO UPDATE
    SET types = s.types + excluded.types, share_church = s.share_church + excluded.share_church,
        share_field = s.share_field + excluded.share_field, share_union = s.share_union + excluded.share_union
$$;--> statement-breakpoint

-- The sums recomputed from offering_rollup (the whole rebuild's last step, and this migration's fill).
CREATE OR REPLACE FUNCTION read_model_rebuild_offering_rollup_sums() RETURNS void LANGUAGE sql AS $$
  DELETE FROM offering_rollup_sums;
  INSERT INTO offering_rollup_sums (period, starts_on, currency, religion_id, branch_id, types, share_church, share_field, share_union)
  SELECT period, starts_on, currency, religion_id, branch_id, count(*) FILTER (WHERE (o.share_church <> 0 OR o.share_field <> 0 OR o.share_union <> 0)), sum(share_church), sum(share_field), sum(share_union)
  FROM offering_rollup o
  GROUP BY 1, 2, 3, 4, 5;
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
  SELECT read_model_rebuild_offering_rollup_sums();
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

SELECT read_model_rebuild_offering_rollup_sums();--> statement-breakpoint
ANALYZE offering_rollup_sums;
