CREATE TABLE "sms_early_reports" (
	"provider_message_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"failure_reason" text,
	"network_code" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
