-- The request role may change what a signed-in organization legitimately edits, never what only
-- the system paths set (as the tables' owner): an organization's subscription and review state, a
-- user's operator flag, waitlisting and ban. Row-level security already confines it to its own
-- organization; these column privileges confine it within that organization.
REVOKE UPDATE ON "organizations" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("name", "num_of_units", "property_types", "current_software", "last_modified_by", "last_modified_date", "is_active") ON "organizations" TO keyholder_app;--> statement-breakpoint
REVOKE INSERT, DELETE ON "organizations" FROM keyholder_app;--> statement-breakpoint
REVOKE UPDATE ON "users" FROM keyholder_app;--> statement-breakpoint
GRANT UPDATE ("person_id", "role_id", "username", "password_hash", "two_factor_enabled", "email_verified", "enabled", "locked", "last_login", "last_modified_by", "last_modified_date", "is_active") ON "users" TO keyholder_app;--> statement-breakpoint
-- A SECURITY DEFINER function must not find objects a caller planted in its temporary schema first.
ALTER FUNCTION properties_matching(text, integer) SET search_path = public, pg_temp;
