-- The chart of accounts is the organization's to shape (issue 29 item 1): its accounts can be
-- renumbered, retyped while unused, and deleted when never used. The database keeps what code and
-- balances rely on: an account with a role (the one code posts to) is never deleted, and no account
-- changes type once a line names it (its balance would change sides). A line's key cascades from
-- its account into the lines' own refusal, and a recurring charge's key refuses, as before.
GRANT UPDATE ("code", "type") ON "ledger_accounts" TO keyholder_app;--> statement-breakpoint
GRANT DELETE ON "ledger_accounts" TO keyholder_app;--> statement-breakpoint
CREATE FUNCTION ledger_accounts_keep_roles() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- Only while the organization exists: its own delete removes its row first.
  IF EXISTS (SELECT 1 FROM old_accounts o JOIN organizations g ON g.id = o.organization_id WHERE o.role IS NOT NULL) THEN
    RAISE EXCEPTION USING ERRCODE = 'KH006',
      MESSAGE = 'Keyholder posts to this system account: it can be renamed or renumbered, not retired or deleted';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_keep_roles AFTER DELETE ON ledger_accounts
  REFERENCING OLD TABLE AS old_accounts FOR EACH STATEMENT EXECUTE FUNCTION ledger_accounts_keep_roles();--> statement-breakpoint
CREATE FUNCTION ledger_accounts_keep_type() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NEW.role IS DISTINCT FROM OLD.role THEN
    RAISE EXCEPTION USING ERRCODE = 'KH006', MESSAGE = 'The role of an account cannot change';
  END IF;
  IF NEW.type <> OLD.type AND OLD.role IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KH006', MESSAGE = 'The type of a system account cannot change';
  END IF;
  IF NEW.type <> OLD.type AND EXISTS (
    SELECT 1 FROM journal_lines WHERE organization_id = OLD.organization_id AND account_id = OLD.id
  ) THEN
    RAISE EXCEPTION USING ERRCODE = 'KH006',
      MESSAGE = 'This account has postings or recurring charges: its type can no longer change';
  END IF;
  IF NOT NEW.is_active AND OLD.is_active AND OLD.role IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'KH006',
      MESSAGE = 'Keyholder posts to this system account: it can be renamed or renumbered, not retired or deleted';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER ledger_accounts_keep_type BEFORE UPDATE OF type, role, is_active ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_keep_type();
