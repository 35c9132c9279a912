-- A giving counts on the day it was RECEIVED (transactions.received_at: the service day of a cash
-- receipt, the start of an online payment), as the offering report and statistics count it
-- (services/stats/giving-sums.ts), not on the day a late sync completed it: a Sunday collection
-- synced on Tuesday stays on Sunday. Same views and functions as 0011 with that one change, then
-- one rebuild (docs/decisions/030-read-model.md).

CREATE OR REPLACE VIEW collection_totals_expected AS
SELECT p.period,
       CASE p.period WHEN 'day' THEN d.day ELSE date_trunc('month', d.day::timestamp)::date END AS starts_on,
       t.institution_id, t.method, t.status, t.currency,
       count(*)::integer AS transactions, sum(t.amount)::bigint AS amount, sum(t.fee)::bigint AS fee
FROM transactions t
JOIN institutions i ON i.id = t.institution_id
CROSS JOIN LATERAL (SELECT (t.received_at AT TIME ZONE i.time_zone)::date AS day) d
CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint

CREATE OR REPLACE VIEW offering_totals_expected AS
SELECT p.period,
       CASE p.period WHEN 'day' THEN d.day ELSE date_trunc('month', d.day::timestamp)::date END AS starts_on,
       t.institution_id, f.offering_type_id, t.method, t.status, t.currency,
       sum(f.amount)::bigint AS amount, sum(f.church)::bigint AS share_church,
       sum(f.field)::bigint AS share_field, sum(f.union_share)::bigint AS share_union
FROM (
  SELECT l.transaction_id, l.offering_type_id, l.amount, 0::bigint AS church, 0::bigint AS field, 0::bigint AS union_share
  FROM transaction_lines l
  UNION ALL
  SELECT e.transaction_id, ll.offering_type_id, 0::bigint,
         CASE ll.account WHEN 'share:church' THEN ll.credit - ll.debit ELSE 0 END,
         CASE ll.account WHEN 'share:field' THEN ll.credit - ll.debit ELSE 0 END,
         CASE ll.account WHEN 'share:union' THEN ll.credit - ll.debit ELSE 0 END
  FROM ledger_lines ll
  JOIN ledger_entries e ON e.id = ll.entry_id
  WHERE e.transaction_id IS NOT NULL AND ll.offering_type_id IS NOT NULL AND ll.account LIKE 'share:%'
) f
JOIN transactions t ON t.id = f.transaction_id
JOIN institutions i ON i.id = t.institution_id
CROSS JOIN LATERAL (SELECT (t.received_at AT TIME ZONE i.time_zone)::date AS day) d
CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint

-- Adds signed deltas (one element per changed row) to the day and the month rows they fall in.
-- Sorted by key so two writers touching the same rows lock them in the same order (no deadlock).
CREATE OR REPLACE FUNCTION collection_totals_add(
  p_institution integer[], p_day date[], p_method text[], p_status text[], p_currency text[],
  p_count integer[], p_amount bigint[], p_fee bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO collection_totals AS c (period, starts_on, institution_id, method, status, currency, transactions, amount, fee)
  SELECT p.period,
         CASE p.period WHEN 'day' THEN f.day ELSE date_trunc('month', f.day::timestamp)::date END AS starts_on,
         f.institution_id, f.method, f.status, f.currency, sum(f.n), sum(f.amount), sum(f.fee)
  FROM unnest(p_institution, p_day, p_method, p_status, p_currency, p_count, p_amount, p_fee)
       AS f(institution_id, day, method, status, currency, n, amount, fee)
  CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
  GROUP BY f.institution_id, 1, 2, f.method, f.status, f.currency
  HAVING sum(f.n) <> 0 OR sum(f.amount) <> 0 OR sum(f.fee) <> 0
  ORDER BY f.institution_id, 1, 2, f.method, f.status, f.currency
  ON CONFLICT ON CONSTRAINT collection_totals_pk DO UPDATE
    SET transactions = c.transactions + excluded.transactions, amount = c.amount + excluded.amount, fee = c.fee + excluded.fee
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION offering_totals_add(
  p_institution integer[], p_day date[], p_type integer[], p_method text[], p_status text[], p_currency text[],
  p_amount bigint[], p_church bigint[], p_field bigint[], p_union bigint[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO offering_totals AS o (period, starts_on, institution_id, offering_type_id, method, status, currency, amount, share_church, share_field, share_union)
  SELECT p.period,
         CASE p.period WHEN 'day' THEN f.day ELSE date_trunc('month', f.day::timestamp)::date END AS starts_on,
         f.institution_id, f.offering_type_id, f.method, f.status, f.currency,
         sum(f.amount), sum(f.church), sum(f.field), sum(f.union_share)
  FROM unnest(p_institution, p_day, p_type, p_method, p_status, p_currency, p_amount, p_church, p_field, p_union)
       AS f(institution_id, day, offering_type_id, method, status, currency, amount, church, field, union_share)
  CROSS JOIN (VALUES ('day'), ('month')) AS p(period)
  GROUP BY f.institution_id, 1, 2, f.offering_type_id, f.method, f.status, f.currency
  HAVING sum(f.amount) <> 0 OR sum(f.church) <> 0 OR sum(f.field) <> 0 OR sum(f.union_share) <> 0
  ORDER BY f.institution_id, 1, 2, f.offering_type_id, f.method, f.status, f.currency
  ON CONFLICT ON CONSTRAINT offering_totals_pk DO UPDATE
    SET amount = o.amount + excluded.amount, share_church = o.share_church + excluded.share_church,
        share_field = o.share_field + excluded.share_field, share_union = o.share_union + excluded.share_union
$$;--> statement-breakpoint

-- transactions: a new row adds itself; a deleted row takes itself away; an update that changes
-- what is counted (day, institution, method, status, currency, amount, fee) moves the row's
-- transaction totals, and its lines' and shares' offering totals, from the old key to the new.
CREATE OR REPLACE FUNCTION read_model_transactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM collection_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.method), array_agg(m.status),
                                  array_agg(m.currency), array_agg(1), array_agg(m.amount), array_agg(m.fee))
    FROM (SELECT n.*, (n.received_at AT TIME ZONE i.time_zone)::date AS day
          FROM new_rows n JOIN institutions i ON i.id = n.institution_id) m;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM collection_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.method), array_agg(m.status),
                                  array_agg(m.currency), array_agg(-1), array_agg(-m.amount), array_agg(-m.fee))
    FROM (SELECT o.*, (o.received_at AT TIME ZONE i.time_zone)::date AS day
          FROM old_rows o JOIN institutions i ON i.id = o.institution_id) m;
  ELSE
    PERFORM collection_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(m.method), array_agg(m.status),
                                  array_agg(m.currency), array_agg(m.sign), array_agg(m.sign * m.amount), array_agg(m.sign * m.fee))
    FROM (
      SELECT x.*, (x.received_at AT TIME ZONE i.time_zone)::date AS day
      FROM (
        SELECT -1 AS sign, o.id, o.institution_id, o.received_at, o.method, o.status, o.currency, o.amount, o.fee
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.institution_id, o.received_at, o.method, o.status, o.currency, o.amount, o.fee)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.method, n.status, n.currency, n.amount, n.fee)
        UNION ALL
        SELECT 1, n.id, n.institution_id, n.received_at, n.method, n.status, n.currency, n.amount, n.fee
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.institution_id, o.received_at, o.method, o.status, o.currency, o.amount, o.fee)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.method, n.status, n.currency, n.amount, n.fee)
      ) x JOIN institutions i ON i.id = x.institution_id
    ) m;
    -- The lines and ledger shares of a moved transaction move with it (its id is unchanged).
    PERFORM offering_totals_add(array_agg(m.institution_id), array_agg(m.day), array_agg(f.offering_type_id), array_agg(m.method),
                                array_agg(m.status), array_agg(m.currency), array_agg(m.sign * f.amount), array_agg(m.sign * f.church),
                                array_agg(m.sign * f.field), array_agg(m.sign * f.union_share))
    FROM (
      SELECT x.*, (x.received_at AT TIME ZONE i.time_zone)::date AS day
      FROM (
        SELECT -1 AS sign, o.id, o.institution_id, o.received_at, o.method, o.status, o.currency
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.institution_id, o.received_at, o.method, o.status, o.currency)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.method, n.status, n.currency)
        UNION ALL
        SELECT 1, n.id, n.institution_id, n.received_at, n.method, n.status, n.currency
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.institution_id, o.received_at, o.method, o.status, o.currency)
              IS DISTINCT FROM (n.institution_id, n.received_at, n.method, n.status, n.currency)
      ) x JOIN institutions i ON i.id = x.institution_id
    ) m
    JOIN LATERAL (
      SELECT l.offering_type_id, l.amount, 0::bigint AS church, 0::bigint AS field, 0::bigint AS union_share
      FROM transaction_lines l WHERE l.transaction_id = m.id
      UNION ALL
      SELECT ll.offering_type_id, 0::bigint,
             CASE ll.account WHEN 'share:church' THEN ll.credit - ll.debit ELSE 0 END,
             CASE ll.account WHEN 'share:field' THEN ll.credit - ll.debit ELSE 0 END,
             CASE ll.account WHEN 'share:union' THEN ll.credit - ll.debit ELSE 0 END
      FROM ledger_entries e JOIN ledger_lines ll ON ll.entry_id = e.id
      WHERE e.transaction_id = m.id AND ll.offering_type_id IS NOT NULL AND ll.account LIKE 'share:%'
    ) f ON true;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- transaction_lines: a line counts under its transaction's key as the transaction is now.
CREATE OR REPLACE FUNCTION read_model_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM offering_totals_add(array_agg(t.institution_id), array_agg((t.received_at AT TIME ZONE i.time_zone)::date),
                                array_agg(o.offering_type_id), array_agg(t.method), array_agg(t.status), array_agg(t.currency),
                                array_agg(-o.amount), array_agg(0::bigint), array_agg(0::bigint), array_agg(0::bigint))
    FROM old_rows o JOIN transactions t ON t.id = o.transaction_id JOIN institutions i ON i.id = t.institution_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM offering_totals_add(array_agg(t.institution_id), array_agg((t.received_at AT TIME ZONE i.time_zone)::date),
                                array_agg(n.offering_type_id), array_agg(t.method), array_agg(t.status), array_agg(t.currency),
                                array_agg(n.amount), array_agg(0::bigint), array_agg(0::bigint), array_agg(0::bigint))
    FROM new_rows n JOIN transactions t ON t.id = n.transaction_id JOIN institutions i ON i.id = t.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- ledger_lines: share credits (net of debits, so a reversal takes its shares back) count under
-- the key of the transaction their entry belongs to.
CREATE OR REPLACE FUNCTION read_model_ledger_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM offering_totals_add(array_agg(t.institution_id), array_agg((t.received_at AT TIME ZONE i.time_zone)::date),
                                array_agg(o.offering_type_id), array_agg(t.method), array_agg(t.status), array_agg(t.currency),
                                array_agg(0::bigint),
                                array_agg(CASE o.account WHEN 'share:church' THEN o.debit - o.credit ELSE 0 END),
                                array_agg(CASE o.account WHEN 'share:field' THEN o.debit - o.credit ELSE 0 END),
                                array_agg(CASE o.account WHEN 'share:union' THEN o.debit - o.credit ELSE 0 END))
    FROM old_rows o JOIN ledger_entries e ON e.id = o.entry_id JOIN transactions t ON t.id = e.transaction_id JOIN institutions i ON i.id = t.institution_id
    WHERE o.offering_type_id IS NOT NULL AND o.account LIKE 'share:%';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM offering_totals_add(array_agg(t.institution_id), array_agg((t.received_at AT TIME ZONE i.time_zone)::date),
                                array_agg(n.offering_type_id), array_agg(t.method), array_agg(t.status), array_agg(t.currency),
                                array_agg(0::bigint),
                                array_agg(CASE n.account WHEN 'share:church' THEN n.credit - n.debit ELSE 0 END),
                                array_agg(CASE n.account WHEN 'share:field' THEN n.credit - n.debit ELSE 0 END),
                                array_agg(CASE n.account WHEN 'share:union' THEN n.credit - n.debit ELSE 0 END))
    FROM new_rows n JOIN ledger_entries e ON e.id = n.entry_id JOIN transactions t ON t.id = e.transaction_id JOIN institutions i ON i.id = t.institution_id
    WHERE n.offering_type_id IS NOT NULL AND n.account LIKE 'share:%';
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

-- Recomputes the read model from the ledger: everything (null) or one institution's rows.
CREATE OR REPLACE FUNCTION read_model_rebuild(p_institution integer) RETURNS void LANGUAGE sql AS $$
  DELETE FROM collection_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  DELETE FROM offering_totals WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO collection_totals (period, starts_on, institution_id, method, status, currency, transactions, amount, fee)
  SELECT period, starts_on, institution_id, method, status, currency, transactions, amount, fee
  FROM collection_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
  INSERT INTO offering_totals (period, starts_on, institution_id, offering_type_id, method, status, currency, amount, share_church, share_field, share_union)
  SELECT period, starts_on, institution_id, offering_type_id, method, status, currency, amount, share_church, share_field, share_union
  FROM offering_totals_expected WHERE p_institution IS NULL OR institution_id = p_institution;
$$;--> statement-breakpoint

-- An institution that changes its time zone changes which day its money fell on.
CREATE OR REPLACE FUNCTION read_model_time_zone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM read_model_rebuild(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint

SELECT read_model_rebuild(NULL);
