CREATE TABLE "bank_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"short_code" text NOT NULL,
	"region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_branches_short_code_unique" UNIQUE("short_code")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"territory" text NOT NULL,
	"alpha_code" text NOT NULL,
	"numeric_code" text NOT NULL,
	"value" numeric(18, 4) NOT NULL,
	"value_set_by" integer,
	"value_set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "currencies_alpha_code_unique" UNIQUE("alpha_code"),
	CONSTRAINT "currencies_alpha_code" CHECK ("currencies"."alpha_code" ~ '^[A-Z]{3}$'),
	CONSTRAINT "currencies_numeric_code" CHECK ("currencies"."numeric_code" ~ '^[0-9]{3}$')
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"religion_id" integer NOT NULL,
	"entity" text NOT NULL,
	"label" text NOT NULL,
	"data_type" text NOT NULL,
	"min_chars" integer,
	"max_chars" integer,
	"items" text[],
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "institution_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"religion_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"holds_members" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "religions" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name_en" text NOT NULL,
	"name_sw" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "religions_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"branch_id" integer,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bank_accounts_status" CHECK ("bank_accounts"."status" in ('requested','activated','disabled','rejected'))
);
--> statement-breakpoint
CREATE TABLE "institutions" (
	"id" serial PRIMARY KEY NOT NULL,
	"religion_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"parent_id" integer,
	"path" text DEFAULT '' NOT NULL,
	"title" text NOT NULL,
	"abbreviation" text,
	"code" text NOT NULL,
	"account_number" text,
	"account_name" text,
	"branch_id" integer,
	"region" text,
	"district" text,
	"street" text,
	"logo_upload_id" integer,
	"default_user_id" integer,
	"referral_code" text,
	"registration_channel" text DEFAULT 'branch' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"self_manage_offerings" boolean DEFAULT false NOT NULL,
	"sms_left" integer DEFAULT 0 NOT NULL,
	"sms_cap" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "institutions_code_unique" UNIQUE("code"),
	CONSTRAINT "institutions_status" CHECK ("institutions"."status" in ('unfinished','submitted','active','rejected','disabled')),
	CONSTRAINT "institutions_sms" CHECK ("institutions"."sms_left" >= 0 and "institutions"."sms_cap" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"employee_no" text,
	"phone" text,
	"referral_code" text NOT NULL,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrers_referral_code_unique" UNIQUE("referral_code"),
	CONSTRAINT "referrers_kind" CHECK ("referrers"."kind" in ('staff','freelancer'))
);
--> statement-breakpoint
CREATE TABLE "signatories" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"document_upload_id" integer
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_name" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_name_unique" UNIQUE("storage_name")
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"community" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"institution_id" integer NOT NULL,
	"zone_id" integer,
	"code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"gender" text,
	"preferred_language" text DEFAULT 'sw' NOT NULL,
	"country" text DEFAULT 'TZ' NOT NULL,
	"address_one" text,
	"city" text,
	"state" text,
	"postal_code" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "members_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "members_language" CHECK ("members"."preferred_language" in ('sw','en'))
);
--> statement-breakpoint
CREATE TABLE "offering_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"title" text NOT NULL,
	"church_bp" integer NOT NULL,
	"field_bp" integer NOT NULL,
	"union_bp" integer NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offering_types_total" CHECK ("offering_types"."church_bp" + "offering_types"."field_bp" + "offering_types"."union_bp" = 10000),
	CONSTRAINT "offering_types_non_negative" CHECK ("offering_types"."church_bp" >= 0 and "offering_types"."field_bp" >= 0 and "offering_types"."union_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pledges" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"offering_type_id" integer,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"total" integer NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"due_date" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"payment_method" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pledges_amounts" CHECK ("pledges"."total" > 0 and "pledges"."paid" >= 0)
);
--> statement-breakpoint
CREATE TABLE "role_group_features" (
	"role_group_id" integer NOT NULL,
	"feature" text NOT NULL,
	"actions" text[] NOT NULL,
	CONSTRAINT "role_group_features_role_group_id_feature_pk" PRIMARY KEY("role_group_id","feature")
);
--> statement-breakpoint
CREATE TABLE "role_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_type" text NOT NULL,
	"location_level" text NOT NULL,
	"maker_checker" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_groups_name_unique" UNIQUE("name"),
	CONSTRAINT "role_groups_user_type" CHECK ("role_groups"."user_type" in ('bank','entity'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text,
	"name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"user_type" text NOT NULL,
	"role_group_id" integer NOT NULL,
	"branch_id" integer,
	"institution_id" integer,
	"active_religion_id" integer,
	"status" text DEFAULT 'activated' NOT NULL,
	"force_change_password" boolean DEFAULT true NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_enabled" boolean DEFAULT false NOT NULL,
	"preferred_language" text DEFAULT 'sw' NOT NULL,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_user_type" CHECK ("users"."user_type" in ('bank','entity')),
	CONSTRAINT "users_status" CHECK ("users"."status" in ('activated','disabled')),
	CONSTRAINT "users_entity_has_institution" CHECK ("users"."user_type" = 'bank' or "users"."institution_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "activity_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"session_id" uuid,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"details" text,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"remember" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip_address" text,
	"device_type" text,
	"browser_agent" text,
	"app_version" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" uuid,
	"reversal_of" integer,
	"description" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account" text NOT NULL,
	"institution_id" integer,
	"offering_type_id" integer,
	"currency" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_lines_one_side" CHECK (("ledger_lines"."debit" = 0) <> ("ledger_lines"."credit" = 0) and "ledger_lines"."debit" >= 0 and "ledger_lines"."credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "receipt_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"name" text NOT NULL,
	"service_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "receipt_batches_status" CHECK ("receipt_batches"."status" in ('open','closed'))
);
--> statement-breakpoint
CREATE TABLE "transaction_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" uuid NOT NULL,
	"offering_type_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "transaction_lines_amount" CHECK ("transaction_lines"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"institution_id" integer NOT NULL,
	"member_id" integer,
	"payer_name" text,
	"payer_phone" text,
	"method" text NOT NULL,
	"operator" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'TZS' NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"reference_no" text NOT NULL,
	"receipt_no" text,
	"trx_id" text,
	"provider_ref" text,
	"reason" text,
	"failed_reason" text,
	"batch_id" uuid,
	"cheque_no" text,
	"note" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"credit_status" text,
	CONSTRAINT "transactions_client_id_unique" UNIQUE("client_id"),
	CONSTRAINT "transactions_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "transactions_reference_no_unique" UNIQUE("reference_no"),
	CONSTRAINT "transactions_amount" CHECK ("transactions"."amount" > 0 and "transactions"."fee" >= 0),
	CONSTRAINT "transactions_status" CHECK ("transactions"."status" in ('pending','completed','failed','pending_cancel','canceled')),
	CONSTRAINT "transactions_method" CHECK ("transactions"."method" in ('mobile','card','bank','cash','cheque'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body_text" text NOT NULL,
	"transport" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer,
	"receiver" text NOT NULL,
	"message" text NOT NULL,
	"purpose" text DEFAULT 'custom' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sender" text,
	"operator" text,
	"provider_message_id" text,
	"cost" text,
	"failure_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "sms_messages_status" CHECK ("sms_messages"."status" in ('queued','waiting_balance','sent','delivered','failed'))
);
--> statement-breakpoint
CREATE TABLE "sms_topups" (
	"id" serial PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"maker_id" integer,
	"checker_id" integer,
	"branch_id" integer,
	"religion_id" integer,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "approval_requests_type" CHECK ("approval_requests"."type" in ('application','bank-account','bank-user','user-edit')),
	CONSTRAINT "approval_requests_status" CHECK ("approval_requests"."status" in ('requested','approved','denied','rejected','not_approved'))
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'unfinished' NOT NULL,
	"applicant_phone" text NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"data" jsonb NOT NULL,
	"institution_id" integer,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "registrations_status" CHECK ("registrations"."status" in ('unfinished','submitted','completed','rejected'))
);
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_religion_id_religions_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."religions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institution_levels" ADD CONSTRAINT "institution_levels_religion_id_religions_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."religions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_branch_id_bank_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."bank_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_religion_id_religions_id_fk" FOREIGN KEY ("religion_id") REFERENCES "public"."religions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_level_id_institution_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."institution_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_parent_id_institutions_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_branch_id_bank_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."bank_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrers" ADD CONSTRAINT "referrers_branch_id_bank_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."bank_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatories" ADD CONSTRAINT "signatories_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_parent_id_zones_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_zone_id_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."zones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offering_types" ADD CONSTRAINT "offering_types_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pledges" ADD CONSTRAINT "pledges_offering_type_id_offering_types_id_fk" FOREIGN KEY ("offering_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_group_features" ADD CONSTRAINT "role_group_features_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_group_id_role_groups_id_fk" FOREIGN KEY ("role_group_id") REFERENCES "public"."role_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_branch_id_bank_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."bank_branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_active_religion_id_religions_id_fk" FOREIGN KEY ("active_religion_id") REFERENCES "public"."religions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_time_codes" ADD CONSTRAINT "one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_offering_type_id_offering_types_id_fk" FOREIGN KEY ("offering_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_batches" ADD CONSTRAINT "receipt_batches_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_lines" ADD CONSTRAINT "transaction_lines_offering_type_id_offering_types_id_fk" FOREIGN KEY ("offering_type_id") REFERENCES "public"."offering_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_batch_id_receipt_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."receipt_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_messages" ADD CONSTRAINT "sms_messages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_topups" ADD CONSTRAINT "sms_topups_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_levels_religion_rank" ON "institution_levels" USING btree ("religion_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "institution_levels_religion_code" ON "institution_levels" USING btree ("religion_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_number" ON "bank_accounts" USING btree ("account_number");--> statement-breakpoint
CREATE INDEX "institutions_path" ON "institutions" USING btree ("path");--> statement-breakpoint
CREATE INDEX "institutions_branch" ON "institutions" USING btree ("branch_id");--> statement-breakpoint
CREATE INDEX "institutions_religion" ON "institutions" USING btree ("religion_id");--> statement-breakpoint
CREATE UNIQUE INDEX "zones_institution_name" ON "zones" USING btree ("institution_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "members_institution_code" ON "members" USING btree ("institution_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "members_institution_phone" ON "members" USING btree ("institution_id","phone") WHERE "members"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "members_phone" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "members_name_search" ON "members" USING btree (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_last_name_search" ON "members" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "members_code_search" ON "members" USING btree (lower("code") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "offering_types_institution_title" ON "offering_types" USING btree ("institution_id","title");--> statement-breakpoint
CREATE INDEX "users_institution" ON "users" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "activity_log_created" ON "activity_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "activity_log_user" ON "activity_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "one_time_codes_user_purpose" ON "one_time_codes" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "one_time_codes_hash" ON "one_time_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reversal" ON "ledger_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "ledger_lines_institution" ON "ledger_lines" USING btree ("institution_id");--> statement-breakpoint
CREATE INDEX "transaction_lines_transaction" ON "transaction_lines" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "transactions_institution_created" ON "transactions" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_status" ON "transactions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transactions_member" ON "transactions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "transactions_trx_id" ON "transactions" USING btree ("trx_id");--> statement-breakpoint
CREATE INDEX "transactions_payer_phone" ON "transactions" USING btree ("payer_phone");--> statement-breakpoint
CREATE INDEX "sms_messages_institution" ON "sms_messages" USING btree ("institution_id","created_at");--> statement-breakpoint
CREATE INDEX "sms_messages_provider_id" ON "sms_messages" USING btree ("provider_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_one_pending" ON "approval_requests" USING btree ("type","subject") WHERE "approval_requests"."status" = 'requested';--> statement-breakpoint
CREATE INDEX "approval_requests_status" ON "approval_requests" USING btree ("status","type");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_unfinished" ON "registrations" USING btree ("applicant_phone") WHERE "registrations"."status" = 'unfinished';