-- Pledge allocation in the database (ADR 027): whatever code writes the money (a cash receipt
-- sync, one receipt or many in one INSERT, an online payment reaching 'completed', the seed), the
-- same rule runs in the same transaction, so no path can forget it and no retry can count twice.
--
-- A completed line of a member's transaction pays, in order: the pledge it names (pledge_id), then
-- that member's open pledges for the line's offering type, oldest due first. Each piece is a row of
-- pledge_allocations and pledges.paid grows by it, never past total (the pledges rows are locked
-- FOR UPDATE and re-read, so two lines arriving together cannot both fill the same gap). A line
-- counts only what it has not already counted (its live allocations are subtracted first).
CREATE OR REPLACE FUNCTION pledge_allocate_line(p_line_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  l record;
  p record;
  left_over bigint;
  take bigint;
BEGIN
  SELECT tl.id, tl.amount, tl.offering_type_id, tl.pledge_id, t.id AS transaction_id, t.member_id,
         t.institution_id, t.currency, t.status
    INTO l
    FROM transaction_lines tl JOIN transactions t ON t.id = tl.transaction_id
   WHERE tl.id = p_line_id;
  IF NOT FOUND OR l.status <> 'completed' OR (l.member_id IS NULL AND l.pledge_id IS NULL) THEN
    RETURN;
  END IF;
  left_over := l.amount - coalesce((SELECT sum(amount) FROM pledge_allocations WHERE transaction_line_id = l.id AND reversed_at IS NULL), 0);
  IF left_over <= 0 THEN
    RETURN;
  END IF;
  FOR p IN
    SELECT id, total, paid FROM pledges
     WHERE institution_id = l.institution_id AND currency = l.currency AND paid < total
       AND (id = l.pledge_id OR (member_id = l.member_id AND offering_type_id = l.offering_type_id))
     ORDER BY (id = l.pledge_id) IS TRUE DESC, due_date, id
     FOR UPDATE
  LOOP
    EXIT WHEN left_over <= 0;
    take := least(left_over, p.total - p.paid);
    CONTINUE WHEN take <= 0;
    INSERT INTO pledge_allocations (pledge_id, transaction_id, transaction_line_id, amount)
    VALUES (p.id, l.transaction_id, l.id, take);
    UPDATE pledges SET paid = paid + take WHERE id = p.id;
    left_over := left_over - take;
  END LOOP;
END;
$$;--> statement-breakpoint

-- A reversal gives back: every live allocation of the transaction is stamped reversed and its
-- amount leaves the pledge's paid. Running it twice changes nothing the second time.
CREATE OR REPLACE FUNCTION pledge_release_transaction(p_transaction_id uuid) RETURNS void LANGUAGE sql AS $$
  WITH released AS (
    UPDATE pledge_allocations SET reversed_at = now()
     WHERE transaction_id = p_transaction_id AND reversed_at IS NULL
     RETURNING pledge_id, amount
  ), per_pledge AS (
    SELECT pledge_id, sum(amount) AS amount FROM released GROUP BY pledge_id
  )
  UPDATE pledges p SET paid = p.paid - per_pledge.amount FROM per_pledge WHERE p.id = per_pledge.pledge_id;
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION pledge_after_line_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pledge_allocate_line(NEW.id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS pledge_after_line_insert ON "transaction_lines";--> statement-breakpoint
CREATE TRIGGER pledge_after_line_insert AFTER INSERT ON "transaction_lines" FOR EACH ROW EXECUTE FUNCTION pledge_after_line_insert();--> statement-breakpoint

-- Online payments are written 'pending' with their lines and count once they reach 'completed';
-- a transaction that leaves 'completed' gives its allocations back.
CREATE OR REPLACE FUNCTION pledge_after_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  line_id integer;
BEGIN
  IF NEW.status = 'completed' THEN
    FOR line_id IN SELECT id FROM transaction_lines WHERE transaction_id = NEW.id ORDER BY id LOOP
      PERFORM pledge_allocate_line(line_id);
    END LOOP;
  ELSIF OLD.status = 'completed' THEN
    PERFORM pledge_release_transaction(NEW.id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS pledge_after_status_change ON "transactions";--> statement-breakpoint
CREATE TRIGGER pledge_after_status_change AFTER UPDATE OF status ON "transactions" FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION pledge_after_status_change();--> statement-breakpoint

-- Ledger entries are never edited, only reversed: a reversing entry of a transaction gives back too.
CREATE OR REPLACE FUNCTION pledge_after_ledger_reversal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pledge_release_transaction(NEW.transaction_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS pledge_after_ledger_reversal ON "ledger_entries";--> statement-breakpoint
CREATE TRIGGER pledge_after_ledger_reversal AFTER INSERT ON "ledger_entries" FOR EACH ROW
  WHEN (NEW.reversal_of IS NOT NULL AND NEW.transaction_id IS NOT NULL) EXECUTE FUNCTION pledge_after_ledger_reversal();--> statement-breakpoint

-- Pledges stored before this migration carried a typed-in paid: recount them from the money.
UPDATE pledges SET paid = 0;--> statement-breakpoint
DO $$
DECLARE
  line_id integer;
BEGIN
  FOR line_id IN
    SELECT tl.id FROM transaction_lines tl JOIN transactions t ON t.id = tl.transaction_id
     WHERE t.status = 'completed' AND t.member_id IN (SELECT member_id FROM pledges)
     ORDER BY t.received_at, tl.id
  LOOP
    PERFORM pledge_allocate_line(line_id);
  END LOOP;
END;
$$;
