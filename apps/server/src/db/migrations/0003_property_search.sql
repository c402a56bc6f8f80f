-- Substring search over property names and addresses (header search): trigram indexes serve
-- ILIKE '%text%' without scanning every row of a large organization.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS properties_name_trgm_idx ON properties USING gin (name gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS addresses_search_trgm_idx ON addresses
  USING gin ((address_line_1 || ' ' || city || ' ' || zipcode) gin_trgm_ops);
