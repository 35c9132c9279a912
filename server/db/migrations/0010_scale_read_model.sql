CREATE TABLE "collection_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"institution_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"transactions" integer DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_totals_pk" PRIMARY KEY("institution_id","period","starts_on","method","status","currency"),
	CONSTRAINT "collection_totals_period_kind" CHECK ("collection_totals"."period" in ('day','month'))
);
--> statement-breakpoint
CREATE TABLE "offering_totals" (
	"period" text NOT NULL,
	"starts_on" date NOT NULL,
	"institution_id" integer NOT NULL,
	"offering_type_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"share_church" bigint DEFAULT 0 NOT NULL,
	"share_field" bigint DEFAULT 0 NOT NULL,
	"share_union" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "offering_totals_pk" PRIMARY KEY("institution_id","period","starts_on","offering_type_id","method","status","currency"),
	CONSTRAINT "offering_totals_period_kind" CHECK ("offering_totals"."period" in ('day','month'))
);
--> statement-breakpoint
CREATE INDEX "collection_totals_period" ON "collection_totals" USING btree ("period","starts_on");--> statement-breakpoint
CREATE INDEX "offering_totals_period" ON "offering_totals" USING btree ("period","starts_on");--> statement-breakpoint
CREATE INDEX "transactions_completed_recent" ON "transactions" USING btree (coalesce("completed_at", "created_at") desc,"id" desc) WHERE "transactions"."status" = 'completed';