-- Members list and search for staff (issue 13). The expressions match server/services/members/member-search.ts
-- exactly (memberNameKey, memberSearchText), so the planner uses these indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- Keyset order of the list (name, id), for a whole scope and within one institution; live members only.
CREATE INDEX IF NOT EXISTS "members_list_name" ON "members" (lower("first_name" || ' ' || "last_name"), "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_list_institution_name" ON "members" ("institution_id", lower("first_name" || ' ' || "last_name"), "id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
-- Any part of the name, phone or member code ("%needle%"), from three characters on.
CREATE INDEX IF NOT EXISTS "members_search_trgm" ON "members" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "code" || ' ' || "phone") gin_trgm_ops) WHERE "deleted_at" IS NULL;
