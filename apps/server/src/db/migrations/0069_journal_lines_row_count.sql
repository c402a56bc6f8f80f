-- Transactions (decision 040): the organization's count of journal lines kept, as the grids' tables'
-- are (0005), so an unfiltered page is read off the date index without counting every line.
CREATE TRIGGER journal_lines_row_count_insert AFTER INSERT ON journal_lines
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
CREATE TRIGGER journal_lines_row_count_delete AFTER DELETE ON journal_lines
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION organization_row_counts_follow();--> statement-breakpoint
-- After the triggers exist: creating them locked the table against writers until this commits.
INSERT INTO organization_row_counts (organization_id, table_name, row_count)
SELECT organization_id, 'journal_lines', count(*) FROM journal_lines GROUP BY 1
ON CONFLICT (organization_id, table_name) DO UPDATE SET row_count = excluded.row_count;
