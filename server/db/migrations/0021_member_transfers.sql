CREATE TABLE "member_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"from_institution_id" integer NOT NULL,
	"to_institution_id" integer NOT NULL,
	"from_code" text NOT NULL,
	"to_code" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"answer_note" text,
	"requested_by" integer NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"answered_by" integer,
	"answered_at" timestamp with time zone,
	CONSTRAINT "member_transfers_status" CHECK ("member_transfers"."status" in ('pending','accepted','refused','cancelled')),
	CONSTRAINT "member_transfers_elsewhere" CHECK ("member_transfers"."from_institution_id" <> "member_transfers"."to_institution_id")
);
--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_from_institution_id_institutions_id_fk" FOREIGN KEY ("from_institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_transfers" ADD CONSTRAINT "member_transfers_to_institution_id_institutions_id_fk" FOREIGN KEY ("to_institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_transfers_one_pending" ON "member_transfers" USING btree ("member_id") WHERE "member_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "member_transfers_to_status" ON "member_transfers" USING btree ("to_institution_id","status","id");--> statement-breakpoint
CREATE INDEX "member_transfers_from_status" ON "member_transfers" USING btree ("from_institution_id","status","id");--> statement-breakpoint
CREATE INDEX "member_transfers_member" ON "member_transfers" USING btree ("member_id","id");