-- Division history of offering types (ADR 021). Whatever writes offering_types (the admin routes,
-- the demo seed, a test factory, a hand-run UPDATE), the history follows: a new type's first
-- divisions apply from its creation, a change of shares from the moment it is committed.
CREATE OR REPLACE FUNCTION offering_type_divisions_track() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO offering_type_divisions (offering_type_id, church_bp, field_bp, union_bp, effective_from)
    VALUES (NEW.id, NEW.church_bp, NEW.field_bp, NEW.union_bp, NEW.created_at);
  ELSIF (NEW.church_bp, NEW.field_bp, NEW.union_bp) IS DISTINCT FROM (OLD.church_bp, OLD.field_bp, OLD.union_bp) THEN
    INSERT INTO offering_type_divisions (offering_type_id, church_bp, field_bp, union_bp, effective_from)
    VALUES (NEW.id, NEW.church_bp, NEW.field_bp, NEW.union_bp, clock_timestamp());
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER offering_types_divisions_history
AFTER INSERT OR UPDATE OF church_bp, field_bp, union_bp ON offering_types
FOR EACH ROW EXECUTE FUNCTION offering_type_divisions_track();
--> statement-breakpoint
-- Types that exist already: their present divisions apply from their creation.
INSERT INTO offering_type_divisions (offering_type_id, church_bp, field_bp, union_bp, effective_from)
SELECT id, church_bp, field_bp, union_bp, created_at FROM offering_types;
