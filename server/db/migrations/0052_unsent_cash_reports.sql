-- Issue 16 (ADR 076): unsent cash. Each device reports what its outbox still holds for the signed-in
-- user, one row per institution and currency; a report replaces the rows of its device and user, so
-- a device that has sent everything has none. The dashboard reads the caller's scope by institution.
CREATE TABLE "unsent_cash_reports" (
	"user_id" integer NOT NULL,
	"device_id" text NOT NULL,
	"institution_id" integer NOT NULL,
	"currency" text NOT NULL,
	"receipts" integer NOT NULL,
	"held" integer NOT NULL,
	"amount" bigint NOT NULL,
	"oldest_at" timestamp with time zone NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "unsent_cash_reports_pkey" PRIMARY KEY("user_id","device_id","institution_id","currency"),
	CONSTRAINT "unsent_cash_reports_counts" CHECK ("unsent_cash_reports"."receipts" > 0 and "unsent_cash_reports"."held" >= 0 and "unsent_cash_reports"."held" <= "unsent_cash_reports"."receipts" and "unsent_cash_reports"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "unsent_cash_reports" ADD CONSTRAINT "unsent_cash_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unsent_cash_reports" ADD CONSTRAINT "unsent_cash_reports_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "unsent_cash_reports_institution" ON "unsent_cash_reports" USING btree ("institution_id","oldest_at");