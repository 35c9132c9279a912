-- ADR 063: every API process keeps live sessions (with their user, institution, level and grants)
-- and the religions in memory. These triggers tell every process, through LISTEN/NOTIFY on
-- 'sadaka_cache', when a committed change makes such a copy wrong. A notification is sent at
-- commit and never for a rolled-back change. The triggers are ENABLE ALWAYS so that writes in
-- replica mode (the seeds) notify too.
CREATE OR REPLACE FUNCTION cache_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sadaka_cache', TG_ARGV[0]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cache_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sadaka_cache', 's:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cache_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sadaka_cache', 'u:' || OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A session ends by revoked_at or by an expiry moved earlier. The sign-in's once-a-minute slide
-- of last_seen_at / idle_expires_at only ever moves them later and notifies nobody: a process
-- holding the older expiry reads the row again before it calls the session expired.
CREATE TRIGGER sessions_cache_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.user_id <> NEW.user_id OR OLD.token_hash <> NEW.token_hash
        OR NEW.absolute_expires_at < OLD.absolute_expires_at OR NEW.idle_expires_at < OLD.idle_expires_at)
  EXECUTE FUNCTION cache_notify_session();--> statement-breakpoint
CREATE TRIGGER sessions_cache_delete AFTER DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('all');--> statement-breakpoint
-- The columns an authenticated request's user is made of (services/auth/load-user.ts authUserOf).
CREATE TRIGGER users_cache_update AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.username, OLD.name, OLD.user_type, OLD.branch_id, OLD.institution_id, OLD.active_religion_id, OLD.status, OLD.deleted_at,
         OLD.force_change_password, OLD.totp_enabled, OLD.role_group_id)
        IS DISTINCT FROM
        (NEW.username, NEW.name, NEW.user_type, NEW.branch_id, NEW.institution_id, NEW.active_religion_id, NEW.status, NEW.deleted_at,
         NEW.force_change_password, NEW.totp_enabled, NEW.role_group_id))
  EXECUTE FUNCTION cache_notify_user();--> statement-breakpoint
CREATE TRIGGER users_cache_delete AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION cache_notify_user();--> statement-breakpoint
CREATE TRIGGER users_cache_truncate AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('all');--> statement-breakpoint
-- An institution's place (path, after an affiliation move), religion or level; its levels; grants.
CREATE TRIGGER institutions_cache AFTER UPDATE OF path, religion_id, level_id OR DELETE OR TRUNCATE ON institutions
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('all');--> statement-breakpoint
CREATE TRIGGER institution_levels_cache AFTER UPDATE OR DELETE OR TRUNCATE ON institution_levels
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('all');--> statement-breakpoint
CREATE TRIGGER role_group_features_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON role_group_features
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('all');--> statement-breakpoint
CREATE TRIGGER religions_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON religions
  FOR EACH STATEMENT EXECUTE FUNCTION cache_notify('religions');--> statement-breakpoint
ALTER TABLE sessions ENABLE ALWAYS TRIGGER sessions_cache_update;--> statement-breakpoint
ALTER TABLE sessions ENABLE ALWAYS TRIGGER sessions_cache_delete;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_cache_update;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_cache_delete;--> statement-breakpoint
ALTER TABLE users ENABLE ALWAYS TRIGGER users_cache_truncate;--> statement-breakpoint
ALTER TABLE institutions ENABLE ALWAYS TRIGGER institutions_cache;--> statement-breakpoint
ALTER TABLE institution_levels ENABLE ALWAYS TRIGGER institution_levels_cache;--> statement-breakpoint
ALTER TABLE role_group_features ENABLE ALWAYS TRIGGER role_group_features_cache;--> statement-breakpoint
ALTER TABLE religions ENABLE ALWAYS TRIGGER religions_cache;
