CREATE TABLE "online_payments" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"checkout_url" text,
	"bank_account_id" integer,
	"timeout_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_credit_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"attempted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credit_attempts_outcome" CHECK ("payment_credit_attempts"."outcome" in ('credited','failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"share" text NOT NULL,
	"institution_id" integer NOT NULL,
	"bank_account_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_credits_amount" CHECK ("payment_credits"."amount" > 0),
	CONSTRAINT "payment_credits_share" CHECK ("payment_credits"."share" in ('church','field','union'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" uuid,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payments" ADD CONSTRAINT "online_payments_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credit_attempts" ADD CONSTRAINT "payment_credit_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_credits" ADD CONSTRAINT "payment_credits_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payments_timeout" ON "online_payments" USING btree ("timeout_at");--> statement-breakpoint
CREATE INDEX "payment_credit_attempts_transaction" ON "payment_credit_attempts" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_credits_one_per_share" ON "payment_credits" USING btree ("transaction_id","share");--> statement-breakpoint
CREATE INDEX "payment_credits_institution" ON "payment_credits" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_transaction" ON "payment_events" USING btree ("transaction_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_outcome" ON "payment_events" USING btree ("outcome","created_at");