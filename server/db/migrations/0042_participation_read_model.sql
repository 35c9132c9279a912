CREATE TABLE "giver_firsts" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"currency" text NOT NULL,
	"anchor" date NOT NULL,
	"first_day" date NOT NULL,
	"givers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "giver_firsts_pk" PRIMARY KEY("scope_kind","scope_id","currency","anchor","first_day")
);
--> statement-breakpoint
CREATE TABLE "member_totals" (
	"scope_kind" text NOT NULL,
	"scope_id" integer NOT NULL,
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "member_totals_pk" PRIMARY KEY("scope_kind","scope_id","period","starts_on"),
	CONSTRAINT "member_totals_period_kind" CHECK ("member_totals"."period" in ('day','month','year'))
);
--> statement-breakpoint

-- The participation read model (issue 16, docs/decisions/067-participation-read-model.md): members
-- registered and distinct givers per *scope* — every institution for its whole subtree (each id of
-- its path), its religion, its bank branch, and the whole bank ('all', 0) — so the statistics
-- overview reads a few hundred rows for any caller instead of every member and transaction in
-- scope. Distinct givers do not add up across institutions or days, hence scopes, not institutions,
-- and "first giving on or after a month's start" rows, not per-day rows.
CREATE OR REPLACE FUNCTION participation_scopes(p_religion integer, p_branch integer, p_path text)
RETURNS TABLE (scope_kind text, scope_id integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'all', 0
  UNION ALL SELECT 'religion', p_religion WHERE p_religion IS NOT NULL
  UNION ALL SELECT 'branch', p_branch WHERE p_branch IS NOT NULL
  UNION ALL SELECT 'institution', x::integer FROM unnest(string_to_array(trim(BOTH '/' FROM p_path), '/')) AS x WHERE x <> ''
$$;--> statement-breakpoint

-- Adds signed counts of members (p_count registered on p_day in an institution with these scopes)
-- to the day, month and year rows of every scope. Sorted by key: two writers lock rows in one order.
CREATE OR REPLACE FUNCTION member_totals_add(
  p_sign integer[], p_religion integer[], p_branch integer[], p_path text[], p_day date[], p_count integer[]
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_totals AS m (scope_kind, scope_id, period, starts_on, members)
  SELECT s.scope_kind, s.scope_id, p.period,
         CASE p.period WHEN 'day' THEN f.day ELSE date_trunc(p.period, f.day::timestamp)::date END,
         sum(f.sign * f.n)
  FROM unnest(p_sign, p_religion, p_branch, p_path, p_day, p_count) AS f(sign, religion_id, branch_id, path, day, n)
  CROSS JOIN LATERAL participation_scopes(f.religion_id, f.branch_id, f.path) s
  CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS p(period)
  GROUP BY 1, 2, 3, 4
  HAVING sum(f.sign * f.n) <> 0
  ORDER BY 1, 2, 3, 4
  ON CONFLICT ON CONSTRAINT member_totals_pk DO UPDATE SET members = m.members + excluded.members
$$;--> statement-breakpoint

-- Adds signed contributions of members' completed givings (one element per giving: its member,
-- currency, institution's scopes and day). Per sign, member, currency, scope and month the first
-- day is taken; a member then counts once for each anchor month from the month after their previous
-- giving month (or January) up to this one, with this month's first day: "the first giving on or
-- after the anchor, in the anchor's year". Old and new states (signs -1 and 1) are counted apart,
-- so a statement passes a member's whole old and new givings and the difference lands.
-- p_only_kind/p_only_id, when given, limit the work to those scopes (an institution's move changes
-- only the scopes it leaves and joins).
CREATE OR REPLACE FUNCTION giver_firsts_add(
  p_sign integer[], p_member integer[], p_currency text[], p_religion integer[], p_branch integer[], p_path text[], p_day date[],
  p_only_kind text[] DEFAULT NULL, p_only_id integer[] DEFAULT NULL
) RETURNS void LANGUAGE sql AS $$
  WITH firsts AS (
    SELECT f.sign, f.member_id, f.currency, s.scope_kind, s.scope_id,
           date_trunc('year', f.day::timestamp)::date AS year, extract(month FROM f.day)::integer AS month, min(f.day) AS first_day
    FROM unnest(p_sign, p_member, p_currency, p_religion, p_branch, p_path, p_day) AS f(sign, member_id, currency, religion_id, branch_id, path, day)
    CROSS JOIN LATERAL participation_scopes(f.religion_id, f.branch_id, f.path) s
    WHERE p_only_kind IS NULL OR (s.scope_kind, s.scope_id) IN (SELECT * FROM unnest(p_only_kind, p_only_id))
    GROUP BY 1, 2, 3, 4, 5, 6, 7
  ), runs AS (
    SELECT x.*, coalesce(lag(x.month) OVER (PARTITION BY x.sign, x.member_id, x.currency, x.scope_kind, x.scope_id, x.year ORDER BY x.month), 0) AS after_month
    FROM firsts x
  )
  INSERT INTO giver_firsts AS g (scope_kind, scope_id, currency, anchor, first_day, givers)
  SELECT r.scope_kind, r.scope_id, r.currency, (r.year + make_interval(months => a.m - 1))::date, r.first_day, sum(r.sign)
  FROM runs r CROSS JOIN LATERAL generate_series(r.after_month + 1, r.month) AS a(m)
  GROUP BY 1, 2, 3, 4, 5
  HAVING sum(r.sign) <> 0
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ON CONSTRAINT giver_firsts_pk DO UPDATE SET givers = g.givers + excluded.givers
$$;--> statement-breakpoint

-- What the tables must hold, recomputed from members and transactions (the check and the rebuild).
CREATE OR REPLACE VIEW member_totals_expected AS
SELECT s.scope_kind, s.scope_id, p.period,
       CASE p.period WHEN 'day' THEN x.day ELSE date_trunc(p.period, x.day::timestamp)::date END AS starts_on,
       sum(x.n)::integer AS members
FROM (
  SELECT m.institution_id, (m.created_at AT TIME ZONE i.time_zone)::date AS day, count(*) AS n
  FROM members m JOIN institutions i ON i.id = m.institution_id
  WHERE m.deleted_at IS NULL
  GROUP BY 1, 2
) x
JOIN institutions i ON i.id = x.institution_id
CROSS JOIN LATERAL participation_scopes(i.religion_id, i.branch_id, i.path) s
CROSS JOIN (VALUES ('day'), ('month'), ('year')) AS p(period)
GROUP BY 1, 2, 3, 4;--> statement-breakpoint

CREATE OR REPLACE VIEW giver_firsts_expected AS
WITH monthly AS (
  -- First giving per member, currency, institution and month: what the scopes need, 1M givings → far fewer rows.
  SELECT t.member_id, t.currency, t.institution_id, min((t.received_at AT TIME ZONE i.time_zone)::date) AS day
  FROM transactions t JOIN institutions i ON i.id = t.institution_id
  WHERE t.status = 'completed' AND t.member_id IS NOT NULL
  GROUP BY 1, 2, 3, date_trunc('month', t.received_at AT TIME ZONE i.time_zone)
), firsts AS (
  SELECT d.member_id, d.currency, s.scope_kind, s.scope_id,
         date_trunc('year', d.day::timestamp)::date AS year, extract(month FROM d.day)::integer AS month, min(d.day) AS first_day
  FROM monthly d JOIN institutions i ON i.id = d.institution_id
  CROSS JOIN LATERAL participation_scopes(i.religion_id, i.branch_id, i.path) s
  GROUP BY 1, 2, 3, 4, 5, 6
), runs AS (
  SELECT x.*, coalesce(lag(x.month) OVER (PARTITION BY x.member_id, x.currency, x.scope_kind, x.scope_id, x.year ORDER BY x.month), 0) AS after_month
  FROM firsts x
)
SELECT r.scope_kind, r.scope_id, r.currency, (r.year + make_interval(months => a.m - 1))::date AS anchor, r.first_day, count(*)::integer AS givers
FROM runs r CROSS JOIN LATERAL generate_series(r.after_month + 1, r.month) AS a(m)
GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint

-- members: a member counts while not deleted, in their institution, on the day they registered; a
-- transfer (ADR 054) moves them, a deletion takes them away, a restore puts them back.
CREATE OR REPLACE FUNCTION participation_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM member_totals_add(array_agg(1), array_agg(i.religion_id), array_agg(i.branch_id), array_agg(i.path),
                              array_agg((n.created_at AT TIME ZONE i.time_zone)::date), array_agg(1))
    FROM new_rows n JOIN institutions i ON i.id = n.institution_id WHERE n.deleted_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM member_totals_add(array_agg(-1), array_agg(i.religion_id), array_agg(i.branch_id), array_agg(i.path),
                              array_agg((o.created_at AT TIME ZONE i.time_zone)::date), array_agg(1))
    FROM old_rows o JOIN institutions i ON i.id = o.institution_id WHERE o.deleted_at IS NULL;
  ELSE
    PERFORM member_totals_add(array_agg(x.sign), array_agg(i.religion_id), array_agg(i.branch_id), array_agg(i.path),
                              array_agg((x.created_at AT TIME ZONE i.time_zone)::date), array_agg(1))
    FROM (
      SELECT -1 AS sign, o.institution_id, o.created_at
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.deleted_at IS NULL
        AND (o.institution_id, o.created_at, o.deleted_at IS NULL) IS DISTINCT FROM (n.institution_id, n.created_at, n.deleted_at IS NULL)
      UNION ALL
      SELECT 1, n.institution_id, n.created_at
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.deleted_at IS NULL
        AND (o.institution_id, o.created_at, o.deleted_at IS NULL) IS DISTINCT FROM (n.institution_id, n.created_at, n.deleted_at IS NULL)
    ) x JOIN institutions i ON i.id = x.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS participation_members_insert ON members;--> statement-breakpoint
CREATE TRIGGER participation_members_insert AFTER INSERT ON members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_members_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS participation_members_update ON members;--> statement-breakpoint
CREATE TRIGGER participation_members_update AFTER UPDATE ON members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_members_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS participation_members_delete ON members;--> statement-breakpoint
CREATE TRIGGER participation_members_delete AFTER DELETE ON members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_members_changed();--> statement-breakpoint

-- transactions: for every member whose completed givings a statement changed (a payment that
-- completes or fails, a new receipt, a deletion, a changed day, institution or currency), take away
-- the contributions of their givings as they were and add those as they are. A member has tens of
-- givings (transactions_member index), so the cost is per member touched, not per institution.
CREATE OR REPLACE FUNCTION participation_transactions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_members integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.member_id) INTO v_members FROM new_rows n WHERE n.member_id IS NOT NULL AND n.status = 'completed';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.member_id) INTO v_members FROM old_rows o WHERE o.member_id IS NOT NULL AND o.status = 'completed';
  ELSE
    SELECT array_agg(DISTINCT x.member_id) INTO v_members
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.member_id, o.status), (n.member_id, n.status)) AS x(member_id, status)
    WHERE x.member_id IS NOT NULL AND x.status = 'completed'
      AND (o.member_id, o.institution_id, o.received_at, o.currency, o.status) IS DISTINCT FROM (n.member_id, n.institution_id, n.received_at, n.currency, n.status);
  END IF;
  IF v_members IS NULL THEN
    RETURN NULL;
  END IF;

  IF TG_OP = 'INSERT' THEN
    PERFORM giver_firsts_add(array_agg(x.sign), array_agg(x.member_id), array_agg(x.currency), array_agg(i.religion_id), array_agg(i.branch_id),
                             array_agg(i.path), array_agg((x.received_at AT TIME ZONE i.time_zone)::date))
    FROM (
      SELECT -1 AS sign, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed' AND t.id NOT IN (SELECT n.id FROM new_rows n)
      UNION ALL
      SELECT 1, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
    ) x JOIN institutions i ON i.id = x.institution_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM giver_firsts_add(array_agg(x.sign), array_agg(x.member_id), array_agg(x.currency), array_agg(i.religion_id), array_agg(i.branch_id),
                             array_agg(i.path), array_agg((x.received_at AT TIME ZONE i.time_zone)::date))
    FROM (
      SELECT -1 AS sign, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
      UNION ALL
      SELECT -1, o.member_id, o.currency, o.institution_id, o.received_at FROM old_rows o
      WHERE o.member_id = ANY (v_members) AND o.status = 'completed'
      UNION ALL
      SELECT 1, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
    ) x JOIN institutions i ON i.id = x.institution_id;
  ELSE
    PERFORM giver_firsts_add(array_agg(x.sign), array_agg(x.member_id), array_agg(x.currency), array_agg(i.religion_id), array_agg(i.branch_id),
                             array_agg(i.path), array_agg((x.received_at AT TIME ZONE i.time_zone)::date))
    FROM (
      SELECT -1 AS sign, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed' AND t.id NOT IN (SELECT n.id FROM new_rows n)
      UNION ALL
      SELECT -1, o.member_id, o.currency, o.institution_id, o.received_at FROM old_rows o
      WHERE o.member_id = ANY (v_members) AND o.status = 'completed'
      UNION ALL
      SELECT 1, t.member_id, t.currency, t.institution_id, t.received_at FROM transactions t
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
    ) x JOIN institutions i ON i.id = x.institution_id;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS participation_transactions_insert ON transactions;--> statement-breakpoint
CREATE TRIGGER participation_transactions_insert AFTER INSERT ON transactions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_transactions_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS participation_transactions_update ON transactions;--> statement-breakpoint
CREATE TRIGGER participation_transactions_update AFTER UPDATE ON transactions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_transactions_changed();--> statement-breakpoint
DROP TRIGGER IF EXISTS participation_transactions_delete ON transactions;--> statement-breakpoint
CREATE TRIGGER participation_transactions_delete AFTER DELETE ON transactions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_transactions_changed();--> statement-breakpoint

-- institutions: a move (ADR 052: new parent, so new path for it and its subtree, in one UPDATE), a
-- new bank branch or religion, or a new time zone changes which scopes and days its members and
-- givings count in. Their contributions are taken away as counted under the old values (old_rows)
-- and added under the new; other institutions' rows are untouched.
CREATE OR REPLACE FUNCTION participation_institutions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_members integer[];
  v_kinds text[];
  v_ids integer[];
BEGIN
  -- Most updates (SMS counters, titles, accounts) change none of these: done at once.
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                 WHERE (o.religion_id, o.branch_id, o.path, o.time_zone) IS DISTINCT FROM (n.religion_id, n.branch_id, n.path, n.time_zone)) THEN
    RETURN NULL;
  END IF;
  PERFORM member_totals_add(array_agg(x.sign), array_agg(x.religion_id), array_agg(x.branch_id), array_agg(x.path), array_agg(x.day), array_agg(x.n))
  FROM (
    SELECT v.sign, v.religion_id, v.branch_id, v.path, (m.created_at AT TIME ZONE v.time_zone)::date AS day, count(*)::integer AS n
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (-1, o.religion_id, o.branch_id, o.path, o.time_zone), (1, n.religion_id, n.branch_id, n.path, n.time_zone))
      AS v(sign, religion_id, branch_id, path, time_zone)
    JOIN members m ON m.institution_id = o.id AND m.deleted_at IS NULL
    WHERE (o.religion_id, o.branch_id, o.path, o.time_zone) IS DISTINCT FROM (n.religion_id, n.branch_id, n.path, n.time_zone)
    GROUP BY 1, 2, 3, 4, 5
  ) x;

  SELECT array_agg(DISTINCT t.member_id) INTO v_members
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  JOIN transactions t ON t.institution_id = o.id
  WHERE t.status = 'completed' AND t.member_id IS NOT NULL
    AND (o.religion_id, o.branch_id, o.path, o.time_zone) IS DISTINCT FROM (n.religion_id, n.branch_id, n.path, n.time_zone);
  IF v_members IS NOT NULL THEN
    -- Only the scopes an institution leaves or joins change (a district moving between fields: the
    -- two fields); all of its scopes when its zone changes (every day may move).
    SELECT array_agg(x.scope_kind), array_agg(x.scope_id) INTO v_kinds, v_ids
    FROM (
      SELECT DISTINCT s.scope_kind, s.scope_id
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      CROSS JOIN LATERAL (
        SELECT * FROM participation_scopes(o.religion_id, o.branch_id, o.path)
        UNION ALL SELECT * FROM participation_scopes(n.religion_id, n.branch_id, n.path)
      ) s
      WHERE (o.religion_id, o.branch_id, o.path, o.time_zone) IS DISTINCT FROM (n.religion_id, n.branch_id, n.path, n.time_zone)
        AND (o.time_zone IS DISTINCT FROM n.time_zone
             OR (s.scope_kind, s.scope_id) NOT IN (SELECT * FROM participation_scopes(o.religion_id, o.branch_id, o.path)
                                                   INTERSECT SELECT * FROM participation_scopes(n.religion_id, n.branch_id, n.path)))
    ) x;
    PERFORM giver_firsts_add(array_agg(x.sign), array_agg(x.member_id), array_agg(x.currency), array_agg(x.religion_id), array_agg(x.branch_id),
                             array_agg(x.path), array_agg((x.received_at AT TIME ZONE x.time_zone)::date), v_kinds, v_ids)
    FROM (
      SELECT -1 AS sign, t.member_id, t.currency, t.received_at,
             CASE WHEN o.id IS NULL THEN i.religion_id ELSE o.religion_id END AS religion_id,
             CASE WHEN o.id IS NULL THEN i.branch_id ELSE o.branch_id END AS branch_id,
             CASE WHEN o.id IS NULL THEN i.path ELSE o.path END AS path,
             CASE WHEN o.id IS NULL THEN i.time_zone ELSE o.time_zone END AS time_zone
      FROM transactions t JOIN institutions i ON i.id = t.institution_id LEFT JOIN old_rows o ON o.id = t.institution_id
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
      UNION ALL
      SELECT 1, t.member_id, t.currency, t.received_at, i.religion_id, i.branch_id, i.path, i.time_zone
      FROM transactions t JOIN institutions i ON i.id = t.institution_id
      WHERE t.member_id = ANY (v_members) AND t.status = 'completed'
    ) x;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint

DROP TRIGGER IF EXISTS participation_institutions_update ON institutions;--> statement-breakpoint
CREATE TRIGGER participation_institutions_update AFTER UPDATE ON institutions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION participation_institutions_changed();--> statement-breakpoint

-- The whole rebuild (the seeds load in replica mode, without triggers; `rebuildReadModel` calls it
-- after read_model_rebuild).
CREATE OR REPLACE FUNCTION participation_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM member_totals;
  INSERT INTO member_totals (scope_kind, scope_id, period, starts_on, members)
  SELECT scope_kind, scope_id, period, starts_on, members FROM member_totals_expected;
  DELETE FROM giver_firsts;
  INSERT INTO giver_firsts (scope_kind, scope_id, currency, anchor, first_day, givers)
  SELECT scope_kind, scope_id, currency, anchor, first_day, givers FROM giver_firsts_expected;
$$;--> statement-breakpoint

-- Existing members and givings, once.
SELECT participation_rebuild();--> statement-breakpoint
ANALYZE member_totals;--> statement-breakpoint
ANALYZE giver_firsts;
