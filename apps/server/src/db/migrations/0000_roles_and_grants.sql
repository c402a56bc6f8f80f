-- The role request transactions switch to with SET LOCAL ROLE. Roles are cluster-wide, so several
-- databases (test workers, staging) may race to create it: either error means it exists.
DO $$
BEGIN
  CREATE ROLE keyholder_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
END $$;--> statement-breakpoint
-- A non-superuser migrating role must be a member to SET ROLE to it.
DO $$
BEGIN
  EXECUTE format('GRANT keyholder_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN NULL;
END $$;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO keyholder_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO keyholder_app;--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO keyholder_app;
