CREATE TABLE "sms_campaign_recipients" (
	"campaign_id" integer NOT NULL,
	"ord" integer NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"member_id" integer,
	"language" text DEFAULT 'sw' NOT NULL,
	"message" text NOT NULL,
	"sms_id" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sms_campaign_recipients_campaign_id_ord_pk" PRIMARY KEY("campaign_id","ord")
);
--> statement-breakpoint
CREATE TABLE "sms_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"message" text NOT NULL,
	"recipients" integer NOT NULL,
	"segments" integer NOT NULL,
	"cost" integer NOT NULL,
	"schedule_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_campaigns_kind" CHECK ("sms_campaigns"."kind" in ('all','zone','pledges','list','phone'))
);
--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD CONSTRAINT "sms_campaign_recipients_campaign_id_sms_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."sms_campaigns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD CONSTRAINT "sms_campaigns_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_campaign_recipients_sms" ON "sms_campaign_recipients" USING btree ("sms_id");--> statement-breakpoint
CREATE INDEX "sms_campaigns_institution_id" ON "sms_campaigns" USING btree ("institution_id","id");--> statement-breakpoint
CREATE INDEX "sms_messages_failed" ON "sms_messages" USING btree ("institution_id","id") WHERE "sms_messages"."status" = 'failed';