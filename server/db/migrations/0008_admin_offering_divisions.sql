CREATE TABLE "offering_type_divisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_type_id" integer NOT NULL,
	"church_bp" integer NOT NULL,
	"field_bp" integer NOT NULL,
	"union_bp" integer NOT NULL,
	"effective_from" timestamp with time zone NOT NULL,
	CONSTRAINT "offering_type_divisions_total" CHECK ("offering_type_divisions"."church_bp" + "offering_type_divisions"."field_bp" + "offering_type_divisions"."union_bp" = 10000),
	CONSTRAINT "offering_type_divisions_non_negative" CHECK ("offering_type_divisions"."church_bp" >= 0 and "offering_type_divisions"."field_bp" >= 0 and "offering_type_divisions"."union_bp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "offering_types" ADD COLUMN "source_type_id" integer;--> statement-breakpoint
ALTER TABLE "offering_type_divisions" ADD CONSTRAINT "offering_type_divisions_offering_type_id_offering_types_id_fk" FOREIGN KEY ("offering_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offering_type_divisions_type_from" ON "offering_type_divisions" USING btree ("offering_type_id","effective_from");--> statement-breakpoint
ALTER TABLE "offering_types" ADD CONSTRAINT "offering_types_source_type_id_offering_types_id_fk" FOREIGN KEY ("source_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offering_types_source" ON "offering_types" USING btree ("source_type_id");