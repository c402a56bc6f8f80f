ALTER TABLE "journal_lines" ADD COLUMN "line_key" bigint GENERATED ALWAYS AS (entry_id * 32768 + line_no) STORED NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_lines_org_line_key" ON "journal_lines" USING btree ("organization_id","line_key");--> statement-breakpoint
CREATE INDEX "journal_lines_org_posted_idx" ON "journal_lines" USING btree ("organization_id","posted_on","line_key");--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_line_no_check" CHECK (line_no >= 1);