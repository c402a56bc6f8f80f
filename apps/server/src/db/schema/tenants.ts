import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
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
    /**
     * The properties of the leases the tenant is a party to, kept by a trigger on lease_parties
     * (migration 0037): what a property-scoped user's policy tests, in the row itself, so a grid
     * page costs no lookup per row. Empty: on no lease at all.
     */
    propertyIds: uuid("property_ids").array().notNull().default(sql`'{}'::uuid[]`),
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
    // One index per grid sort key (decision 005): a sorted page is a range of one of them.
    index("tenants_org_kind_idx").on(t.organizationId, t.kind, t.id),
    index("tenants_org_status_id_idx").on(t.organizationId, t.status, t.id),
    index("tenants_org_phone_idx").on(t.organizationId, t.phone, t.id),
    index("tenants_org_alternate_email_idx").on(t.organizationId, t.alternateEmail, t.id),
    index("tenants_org_alternate_phone_idx").on(t.organizationId, t.alternatePhone, t.id),
    index("tenants_org_emergency_contact_idx").on(t.organizationId, t.emergencyContactName, t.id),
    index("tenants_org_created_idx").on(t.organizationId, t.createdDate, t.id),
    index("tenants_org_modified_idx").on(t.organizationId, t.lastModifiedDate, t.id),
    // Down, empty values last, for the columns that can be empty (decision 005).
    ...(
      [
        ["tenants_org_email_desc_idx", t.email],
        ["tenants_org_phone_desc_idx", t.phone],
        ["tenants_org_alternate_email_desc_idx", t.alternateEmail],
        ["tenants_org_alternate_phone_desc_idx", t.alternatePhone],
        ["tenants_org_emergency_contact_desc_idx", t.emergencyContactName],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key.desc().nullsLast(), t.id.desc().nullsFirst())),
    check("tenants_kind_check", sql`kind in ('person', 'company')`),
    check("tenants_status_check", sql`status in ('none', 'future', 'current', 'notice', 'past')`),
    check("tenants_name_check", sql`length(trim(name)) > 0`),
    tenantPolicy(),
  ],
);

/**
 * A tenant's documents (ID, renter's insurance, a lease scan...): the bytes are in the app's storage
 * under `storage_key`; `expires_on` is a civil date in the organization's time zone. A tenant's
 * delete keeps its documents with it for Undo (the rows are in its deleted_records copy).
 */
export const tenantDocuments = pgTable(
  "tenant_documents",
  {
    organizationId: organizationId(),
    id: uuid("id").notNull().defaultRandom(),
    tenantId: uuid("tenant_id").notNull(),
    /** id | insurance | lease | income | other */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    byteSize: bigint("byte_size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("tenant_documents_org_tenant_idx").on(t.organizationId, t.tenantId, t.expiresOn),
    foreignKey({
      columns: [t.organizationId, t.tenantId],
      foreignColumns: [tenants.organizationId, tenants.id],
    }).onDelete("cascade"),
    check("tenant_documents_kind_check", sql`kind in ('id', 'insurance', 'lease', 'income', 'other')`),
    check("tenant_documents_size_check", sql`byte_size > 0`),
    tenantPolicy(),
  ],
);
