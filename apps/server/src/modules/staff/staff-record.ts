import { errorMessages } from "@keyholder/contracts/errors";
import { type StaffForm, type StaffRecord, staffMessages } from "@keyholder/contracts/staff";
import { staff } from "../../db/schema/index.ts";
import type { AuditedFields } from "../../lib/audit.ts";
import { badRequest } from "../../lib/http-error.ts";

/** The columns a staff record is read back with, named as the API names them. */
export const staffRecordColumns = {
  id: staff.id,
  email: staff.email,
  name: staff.name,
  job_title: staff.jobTitle,
  phone: staff.phone,
  department: staff.department,
  bio: staff.bio,
  is_public_contact: staff.isPublicContact,
  display_order: staff.displayOrder,
  is_active: staff.isActive,
  user_id: staff.userId,
  accepted_invite: staff.acceptedInvite,
  approved_invite: staff.approvedInvite,
  approved_by: staff.approvedBy,
  invite_expires_at: staff.inviteExpiresAt,
  new_link_requested_at: staff.newLinkRequestedAt,
};

type StoredStaff = { [K in keyof typeof staffRecordColumns]: unknown };

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
const integer = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const moment = (v: unknown) => (v === null || v === undefined ? null : new Date(String(v)).toISOString());

export function toStaffRecord(row: StoredStaff): StaffRecord {
  return {
    id: String(row.id),
    email: String(row.email),
    name: text(row.name),
    job_title: text(row.job_title),
    phone: text(row.phone),
    department: text(row.department),
    bio: text(row.bio),
    is_public_contact: Boolean(row.is_public_contact),
    display_order: Number(row.display_order),
    is_active: Boolean(row.is_active),
    user_id: integer(row.user_id),
    accepted_invite: Boolean(row.accepted_invite),
    approved_invite: Boolean(row.approved_invite),
    approved_by: integer(row.approved_by),
    invite_expires_at: moment(row.invite_expires_at),
    new_link_requested_at: moment(row.new_link_requested_at),
  };
}

/** What a staff member's history records: the form's fields and the invitation's standing. */
export function staffAuditFields(r: StaffRecord): AuditedFields {
  return {
    email: r.email,
    name: r.name,
    job_title: r.job_title,
    phone: r.phone,
    department: r.department,
    bio: r.bio,
    is_public_contact: r.is_public_contact,
    display_order: r.display_order,
    accepted_invite: r.accepted_invite,
    approved_invite: r.approved_invite,
    user_id: r.user_id,
  };
}

/** The form's fields as drizzle column values. */
export function staffValues(form: StaffForm) {
  return {
    email: form.email,
    name: form.name,
    jobTitle: form.job_title,
    phone: form.phone,
    department: form.department,
    bio: form.bio,
    isPublicContact: form.is_public_contact,
    displayOrder: form.display_order,
  };
}

/** Two staff members of one organization cannot share an email: the unique index decides, races included. */
export async function refusingDuplicateEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { constraint?: string; cause?: { constraint?: string } };
    if ((e.constraint ?? e.cause?.constraint) === "staff_org_email_key") {
      throw badRequest(errorMessages.validation, { email: [staffMessages.emailExists] });
    }
    throw err;
  }
}
