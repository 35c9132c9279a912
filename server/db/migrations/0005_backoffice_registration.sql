CREATE TABLE "core_bank_accounts" (
	"account_number" text PRIMARY KEY NOT NULL,
	"account_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	CONSTRAINT "core_bank_accounts_status" CHECK ("core_bank_accounts"."status" in ('active','dormant','closed'))
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "registration_id" integer;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "purpose" text;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD COLUMN "title" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "applicant_email" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "religion_id" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "request_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_unfinished_email" ON "registrations" USING btree ("applicant_email") WHERE "registrations"."status" = 'unfinished';--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_token" ON "registrations" USING btree ("token_hash");