import { sql } from "drizzle-orm";
import { boolean, integer, pgPolicy, pgRole, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The role every request-scoped transaction switches to (`SET LOCAL ROLE`). It is NOSUPERUSER,
 * NOBYPASSRLS and owns no table, so the policies below always apply to it. Created by the
 * `roles_and_grants` migration; drizzle-kit only references it.
 */
export const appRole = pgRole("keyholder_app").existing();

/** Organization of the current transaction; an unset or reset setting reads as '' and matches nothing. */
export const currentOrg = sql`nullif(current_setting('app.org_id', true), '')::uuid`;

export const organizationId = () => uuid("organization_id").notNull();

/** Audit fields shared by records (spec: created_by, created_date, last_modified_by, last_modified_date, is_active). */
export const auditColumns = () => ({
  createdBy: integer("created_by"),
  createdDate: timestamp("created_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  lastModifiedBy: integer("last_modified_by"),
  lastModifiedDate: timestamp("last_modified_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  isActive: boolean("is_active").notNull().default(true),
});

/** Row-level security for a tenant-owned table: rows of the transaction's organization only, for every command. */
export const tenantPolicy = (column: { name: string } = { name: "organization_id" }) =>
  pgPolicy("tenant_isolation", {
    as: "permissive",
    for: "all",
    to: appRole,
    using: sql`${sql.identifier(column.name)} = ${currentOrg}`,
    withCheck: sql`${sql.identifier(column.name)} = ${currentOrg}`,
  });
