ALTER TABLE "members" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "receipt_sms_id" integer;--> statement-breakpoint
CREATE INDEX "members_updated" ON "members" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "members_institution_updated" ON "members" USING btree ("institution_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "transactions_institution_received" ON "transactions" USING btree ("institution_id","received_at");--> statement-breakpoint
CREATE INDEX "transactions_batch" ON "transactions" USING btree ("batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_institution_receipt_no" ON "transactions" USING btree ("institution_id","receipt_no") WHERE "transactions"."receipt_no" is not null and "transactions"."method" in ('cash','cheque');