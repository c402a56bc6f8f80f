CREATE TABLE "jobs" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"progress" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"error" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "jobs_status_check" CHECK (status in ('queued', 'running', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_org_dedupe_key" ON "jobs" USING btree ("organization_id","dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_after") WHERE status in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_org_kind_created_idx" ON "jobs" USING btree ("organization_id","kind","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "jobs" AS PERMISSIVE FOR ALL TO "keyholder_app" USING ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid) WITH CHECK ("organization_id" = nullif(current_setting('app.org_id', true), '')::uuid);--> statement-breakpoint
-- Requests enqueue jobs and read their progress; a job's handler saves its progress in its own
-- transactions. Claiming, finishing and retrying are the workers' (as owner, across organizations).
REVOKE DELETE ON "jobs" FROM keyholder_app;--> statement-breakpoint
-- Administrators choose the organization's time zone (issue 27, item 1).
GRANT UPDATE ("time_zone") ON "organizations" TO keyholder_app;--> statement-breakpoint
-- A zone the database does not know would make every civil-date computation fail later: refused now
-- (22023, the error AT TIME ZONE itself raises for an unknown zone).
CREATE FUNCTION organizations_check_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM now() AT TIME ZONE NEW.time_zone;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER organizations_time_zone BEFORE INSERT OR UPDATE OF time_zone ON organizations
  FOR EACH ROW EXECUTE FUNCTION organizations_check_time_zone();
