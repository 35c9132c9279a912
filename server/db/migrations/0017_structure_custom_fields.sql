CREATE TABLE "custom_field_values" (
	"institution_id" integer NOT NULL,
	"field_id" integer NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_field_values_pk" PRIMARY KEY("institution_id","field_id")
);
--> statement-breakpoint
CREATE TABLE "institution_affiliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"from_parent_id" integer,
	"to_parent_id" integer NOT NULL,
	"request_id" integer,
	"moved_by" integer,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custom_fields" ALTER COLUMN "entity" SET DEFAULT 'institution';--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "level_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_values" ADD CONSTRAINT "custom_field_values_field_id_custom_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."custom_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_affiliations" ADD CONSTRAINT "institution_affiliations_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_affiliations" ADD CONSTRAINT "institution_affiliations_from_parent_id_institutions_id_fk" FOREIGN KEY ("from_parent_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_affiliations" ADD CONSTRAINT "institution_affiliations_to_parent_id_institutions_id_fk" FOREIGN KEY ("to_parent_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_values_field" ON "custom_field_values" USING btree ("field_id");--> statement-breakpoint
CREATE INDEX "institution_affiliations_institution" ON "institution_affiliations" USING btree ("institution_id","moved_at");--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_level_id_institution_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."institution_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_level_label" ON "custom_fields" USING btree ("level_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_level_default" ON "custom_fields" USING btree ("level_id") WHERE "custom_fields"."is_default";--> statement-breakpoint
CREATE INDEX "institutions_path_prefix" ON "institutions" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "institutions_parent_title" ON "institutions" USING btree ("parent_id","title","id");--> statement-breakpoint
CREATE INDEX "institutions_title_search" ON "institutions" USING btree (lower("title") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "institutions_code_search" ON "institutions" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_data_type" CHECK ("custom_fields"."data_type" in ('text','number','date','choice'));--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_chars" CHECK (("custom_fields"."min_chars" is null or "custom_fields"."min_chars" >= 0) and ("custom_fields"."max_chars" is null or "custom_fields"."max_chars" >= 1) and ("custom_fields"."min_chars" is null or "custom_fields"."max_chars" is null or "custom_fields"."min_chars" <= "custom_fields"."max_chars"));--> statement-breakpoint
-- Every level gets its default custom field (ADR 047); new levels get theirs from the API, the demo seed its own.
INSERT INTO "custom_fields" ("religion_id", "level_id", "label", "data_type", "max_chars", "is_default")
SELECT "religion_id", "id", 'Registration number', 'text', 40, true FROM "institution_levels";
