import { type TenantForm, type TenantRecord, tenantNameOf } from "@keyholder/contracts/tenants";
import { tenants } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";

/** The columns a tenant record is read back with, named as the form names them. */
export const tenantRecordColumns = {
  id: tenants.id,
  kind: tenants.kind,
  first_name: tenants.firstName,
  last_name: tenants.lastName,
  company_name: tenants.companyName,
  name: tenants.name,
  email: tenants.email,
  alternate_email: tenants.alternateEmail,
  phone: tenants.phone,
  alternate_phone: tenants.alternatePhone,
  emergency_contact_name: tenants.emergencyContactName,
  emergency_contact_phone: tenants.emergencyContactPhone,
  emergency_contact_relationship: tenants.emergencyContactRelationship,
  notes: tenants.notes,
};

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/** A stored row (drizzle's or raw SQL's) as the API answers it. */
export function toTenantRecord(row: Record<string, unknown>): TenantRecord {
  return {
    id: String(row.id),
    kind: row.kind === "company" ? "company" : "person",
    first_name: text(row.first_name),
    last_name: text(row.last_name),
    company_name: text(row.company_name),
    name: String(row.name),
    email: text(row.email),
    alternate_email: text(row.alternate_email),
    phone: text(row.phone),
    alternate_phone: text(row.alternate_phone),
    emergency_contact_name: text(row.emergency_contact_name),
    emergency_contact_phone: text(row.emergency_contact_phone),
    emergency_contact_relationship: text(row.emergency_contact_relationship),
    notes: text(row.notes),
  };
}

/** The audited fields of a tenant: the form's fields (the name follows from them), without the id. */
export function tenantAuditFields({ id: _id, name: _name, ...fields }: TenantRecord): AuditedFields {
  return fields;
}

/** The form's fields as drizzle column values, with the name lists show. */
export function tenantValues(form: TenantForm) {
  return {
    kind: form.kind,
    firstName: form.first_name,
    lastName: form.last_name,
    companyName: form.company_name,
    name: tenantNameOf(form),
    email: form.email,
    alternateEmail: form.alternate_email,
    phone: form.phone,
    alternatePhone: form.alternate_phone,
    emergencyContactName: form.emergency_contact_name,
    emergencyContactPhone: form.emergency_contact_phone,
    emergencyContactRelationship: form.emergency_contact_relationship,
    notes: form.notes,
  };
}
