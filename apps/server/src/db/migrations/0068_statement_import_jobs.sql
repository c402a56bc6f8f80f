ALTER TABLE "bank_statement_imports" ADD COLUMN "status" text DEFAULT 'done' NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "lines_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "lines_matched" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_status_check" CHECK (status in ('importing', 'done'));--> statement-breakpoint
ALTER TABLE "bank_statement_imports" ADD CONSTRAINT "bank_statement_imports_done_check" CHECK (lines_done between 0 and lines_in_file);--> statement-breakpoint
-- Imports kept before this read every line of their file.
UPDATE "bank_statement_imports" SET "lines_done" = "lines_in_file";--> statement-breakpoint
-- A background import counts its lines as it keeps them, and ends.
GRANT UPDATE ("status", "lines_done", "lines_matched", "job_id") ON "bank_statement_imports" TO keyholder_app;
