CREATE TABLE "sms_purchases" (
	"id" uuid PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"reference_no" text NOT NULL,
	"messages" integer NOT NULL,
	"price_per_message" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"phone" text NOT NULL,
	"operator" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"failed_reason" text,
	"trx_id" text,
	"provider_ref" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"timeout_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "sms_purchases_status" CHECK ("sms_purchases"."status" in ('pending','completed','failed')),
	CONSTRAINT "sms_purchases_amount" CHECK ("sms_purchases"."messages" > 0 and "sms_purchases"."price_per_message" > 0 and "sms_purchases"."amount" = "sms_purchases"."messages" * "sms_purchases"."price_per_message")
);
--> statement-breakpoint
ALTER TABLE "sms_topups" ADD COLUMN "purchase_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_purchases" ADD CONSTRAINT "sms_purchases_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_purchases_reference" ON "sms_purchases" USING btree ("reference_no");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_purchases_one_pending" ON "sms_purchases" USING btree ("institution_id") WHERE "sms_purchases"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "sms_purchases_institution" ON "sms_purchases" USING btree ("institution_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_purchase_id_sms_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."sms_purchases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_topups_purchase" ON "sms_topups" USING btree ("purchase_id");