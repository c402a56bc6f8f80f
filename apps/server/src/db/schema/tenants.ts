import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/**
 * People and companies who rent (issue 27 item 7). Their status follows their leases: the leases
 * code sets it whenever a lease of theirs changes (future: a signed lease not yet started; current;
 * notice: a current lease with a notice to vacate; past: every lease ended; none: no lease yet).
 */
export const TENANT_STATUSES = ["none", "future", "current", "notice", "past"] as const;

export const tenants = pgTable(
  "tenants",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    id: uuid("id").notNull().defaultRandom(),
    /** person | company */
    kind: text("kind").notNull().default("person"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    companyName: text("company_name"),
    /** What lists show and sort by: "First Last" for a person, the company's name for a company. */
    name: text("name").notNull(),
    email: text("email"),
    alternateEmail: text("alternate_email"),
    phone: text("phone"),
    alternatePhone: text("alternate_phone"),
    emergencyContactName: text("emergency_contact_name"),
    emergencyContactPhone: text("emergency_contact_phone"),
    emergencyContactRelationship: text("emergency_contact_relationship"),
    notes: text("notes"),
    status: text("status").notNull().default("none"),
    /** The application they became a tenant from (issue 27 item 11): one tenant per application. */
    applicationId: uuid("application_id"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("tenants_org_application_key")
      .on(t.organizationId, t.applicationId)
      .where(sql`application_id is not null`),
    index("tenants_org_name_idx").on(t.organizationId, t.name, t.id),
    index("tenants_org_status_idx").on(t.organizationId, t.status, t.name, t.id),
    index("tenants_org_email_idx").on(t.organizationId, t.email, t.id),
    check("tenants_kind_check", sql`kind in ('person', 'company')`),
    check("tenants_status_check", sql`status in ('none', 'future', 'current', 'notice', 'past')`),
    check("tenants_name_check", sql`length(trim(name)) > 0`),
    tenantPolicy(),
  ],
);
