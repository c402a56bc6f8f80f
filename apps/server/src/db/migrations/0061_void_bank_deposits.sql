ALTER TABLE "bank_deposits" ADD COLUMN "void_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD COLUMN "voided_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_deposits" ADD CONSTRAINT "bank_deposits_void_check" CHECK ((void_entry_id is null) = (voided_date is null));--> statement-breakpoint
-- A deposit is voided, never changed otherwise (decision 038): its entry reversed, its receipts unmarked.
GRANT UPDATE ("void_entry_id", "voided_by", "voided_date") ON "bank_deposits" TO keyholder_app;
