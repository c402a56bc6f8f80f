DROP INDEX "bill_payments_check_key";--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "void_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "voided_date" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_check_key" ON "bill_payments" USING btree ("organization_id","bank_account_id","reference") WHERE method = 'check' and reference is not null and void_entry_id is null;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_void_check" CHECK ((void_entry_id is null) = (voided_date is null));--> statement-breakpoint
GRANT UPDATE ("void_entry_id", "voided_by", "voided_date") ON "bill_payments" TO keyholder_app;
