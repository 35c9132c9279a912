ALTER TABLE "approval_requests" DROP CONSTRAINT "approval_requests_type";--> statement-breakpoint
ALTER TABLE "sms_topups" ADD COLUMN "source" text DEFAULT 'bank' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD COLUMN "request_id" integer;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD COLUMN "transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD COLUMN "approved_by" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_topups_request" ON "sms_topups" USING btree ("request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sms_topups_transaction" ON "sms_topups" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "sms_topups_institution" ON "sms_topups" USING btree ("institution_id","created_at");--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_source" CHECK ("sms_topups"."source" in ('bank','mobile'));--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_amount" CHECK ("sms_topups"."amount" > 0);--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_type" CHECK ("approval_requests"."type" in ('application','bank-account','bank-user','user-edit','sms-topup'));