ALTER TABLE "user_two_factor" ADD COLUMN "failed_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD COLUMN "lockouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_two_factor" ADD COLUMN "locked_until" timestamp with time zone;