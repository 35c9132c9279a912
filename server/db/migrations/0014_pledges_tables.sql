CREATE TABLE "pledge_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"pledge_id" integer NOT NULL,
	"transaction_id" uuid NOT NULL,
	"transaction_line_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reversed_at" timestamp with time zone,
	CONSTRAINT "pledge_allocations_amount" CHECK ("pledge_allocations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"offering_type_id" integer,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"target" bigint NOT NULL,
	"ends_on" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_campaigns_target" CHECK ("pledge_campaigns"."target" > 0)
);
--> statement-breakpoint
CREATE TABLE "pledge_reminders" (
	"pledge_id" integer NOT NULL,
	"day" text NOT NULL,
	"sms_id" integer,
	"trigger" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledge_reminders_pledge_id_day_pk" PRIMARY KEY("pledge_id","day"),
	CONSTRAINT "pledge_reminders_trigger" CHECK ("pledge_reminders"."trigger" in ('schedule','manual'))
);
--> statement-breakpoint
ALTER TABLE "pledges" DROP CONSTRAINT "pledges_amounts";--> statement-breakpoint
ALTER TABLE "pledges" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pledges" ALTER COLUMN "paid" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "pledges" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD COLUMN "pledge_id" integer;--> statement-breakpoint
ALTER TABLE "pledge_allocations" ADD CONSTRAINT "pledge_allocations_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_campaigns" ADD CONSTRAINT "pledge_campaigns_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_campaigns" ADD CONSTRAINT "pledge_campaigns_offering_type_id_offering_types_id_fk" FOREIGN KEY ("offering_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledge_reminders" ADD CONSTRAINT "pledge_reminders_pledge_id_pledges_id_fk" FOREIGN KEY ("pledge_id") REFERENCES "public"."pledges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_allocations_live" ON "pledge_allocations" USING btree ("transaction_line_id","pledge_id") WHERE "pledge_allocations"."reversed_at" is null;--> statement-breakpoint
CREATE INDEX "pledge_allocations_pledge" ON "pledge_allocations" USING btree ("pledge_id");--> statement-breakpoint
CREATE INDEX "pledge_allocations_transaction" ON "pledge_allocations" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pledge_campaigns_institution_name" ON "pledge_campaigns" USING btree ("institution_id","name");--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_campaign_id_pledge_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."pledge_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pledges_open_by_member" ON "pledges" USING btree ("member_id","offering_type_id","due_date");--> statement-breakpoint
CREATE INDEX "pledges_institution_due" ON "pledges" USING btree ("institution_id","due_date");--> statement-breakpoint
CREATE INDEX "pledges_campaign" ON "pledges" USING btree ("campaign_id");--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_amounts" CHECK ("pledges"."total" > 0 and "pledges"."paid" >= 0 and "pledges"."paid" <= "pledges"."total");