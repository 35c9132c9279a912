CREATE TABLE "statement_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"year" integer NOT NULL,
	"language" text NOT NULL,
	"channel" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" integer,
	"opened" integer DEFAULT 0 NOT NULL,
	"last_opened_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "statement_send_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"send_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"language" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"link_id" integer,
	"sms_id" integer,
	"mail_id" integer,
	"error" text,
	"sent_at" timestamp with time zone,
	CONSTRAINT "statement_send_recipients_channel" CHECK ("statement_send_recipients"."channel" in ('sms','email')),
	CONSTRAINT "statement_send_recipients_state" CHECK ("statement_send_recipients"."state" in ('pending','sending','sent','failed'))
);
--> statement-breakpoint
CREATE TABLE "statement_sends" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"year" integer NOT NULL,
	"member_id" integer,
	"recipients" integer NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_links" ADD CONSTRAINT "statement_links_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_send_recipients" ADD CONSTRAINT "statement_send_recipients_send_id_statement_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."statement_sends"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_send_recipients" ADD CONSTRAINT "statement_send_recipients_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_sends" ADD CONSTRAINT "statement_sends_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_sends" ADD CONSTRAINT "statement_sends_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_links_token" ON "statement_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "statement_links_member" ON "statement_links" USING btree ("member_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_send_recipients_member" ON "statement_send_recipients" USING btree ("send_id","member_id");--> statement-breakpoint
CREATE INDEX "statement_sends_institution" ON "statement_sends" USING btree ("institution_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "statement_sends_one_running" ON "statement_sends" USING btree ("institution_id","year",coalesce("member_id", 0)) WHERE "statement_sends"."dispatched_at" is null;