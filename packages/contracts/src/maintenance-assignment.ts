import { z } from "zod";
import { MAINTENANCE_NOTE_MAX, maintenanceRowSchema } from "./maintenance.ts";
import { workOrderUpdateSchema } from "./maintenance-work-orders.ts";
import { textMessages } from "./text.ts";

/**
 * Assigning a maintenance request (issue 28 item 3, decision 034): to a staff member who can work
 * requests on its property, with an optional booked time in the organization's time zone.
 */
export const assignmentMessages = {
  assigneeUnknown: "That person is not one of your staff",
  assigneeCannotWork: (name: string) => `${name} cannot work on maintenance requests`,
  assigneeNotOnProperty: (name: string) => `${name} does not work on this request's property`,
  assigneeDisabled: (name: string) => `${name} cannot sign in: enable their account first`,
  technicianOwnOnly: "As Maintenance Technician, you can take a request yourself but not assign it to others",
  closed: "Reopen the request before assigning it",
  scheduleInvalid: "Enter a day and time like 2026-12-03 09:00",
  endBeforeStart: "The end must be after the start",
  endWithoutStart: "Give the start too",
  scheduleWithoutAssignee: "Choose who does the work before booking a time",
  assigned: (name: string) => `Assigned to ${name}`,
  oneAssignee: "Choose a staff member or a vendor, not both",
  vendorUnknown: "That vendor is not one of yours",
  technicianNoVendor: "As Maintenance Technician, you cannot give a request to a vendor",
  vendorNoEmail: (name: string) =>
    `${name} has no email on file: the link was not sent. Copy it below and share it with them.`,
  vendorEmailed: (name: string) => `${name} was emailed a link to accept the work.`,
  unassigned: "Unassigned",
} as const;

/** A local date and time in the organization's time zone, minutes precision. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
const localDateTime = z
  .string()
  .trim()
  .transform((v) => v.replace(" ", "T").slice(0, 16))
  .pipe(
    z
      .string()
      .regex(LOCAL_DATE_TIME, assignmentMessages.scheduleInvalid)
      .refine((v) => !Number.isNaN(Date.parse(`${v}:00Z`)), assignmentMessages.scheduleInvalid),
  );
const optionalLocalDateTime = z
  .union([localDateTime, z.literal("")])
  .nullish()
  .transform((v) => (v ? v : null));

export const maintenanceAssignmentSchema = z
  .object({
    /** The staff member, or null to unassign. */
    assigned_user_id: z
      .number({ error: assignmentMessages.assigneeUnknown })
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    /** Or the vendor (never both), who is emailed a link of their own. */
    vendor_id: z
      .union([z.uuid(assignmentMessages.vendorUnknown), z.literal("")])
      .nullish()
      .transform((v) => (v ? v : null)),
    scheduled_start: optionalLocalDateTime,
    scheduled_end: optionalLocalDateTime,
    note: z
      .string({ error: textMessages.tooLong(MAINTENANCE_NOTE_MAX) })
      .trim()
      .max(MAINTENANCE_NOTE_MAX, textMessages.tooLong(MAINTENANCE_NOTE_MAX))
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The new work order's instructions (default: the request's title) and its not-to-exceed amount. */
    instructions: workOrderUpdateSchema.shape.instructions,
    not_to_exceed_cents: workOrderUpdateSchema.shape.not_to_exceed_cents.nullish().transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    if (v.scheduled_end && !v.scheduled_start)
      ctx.addIssue({ code: "custom", path: ["scheduled_start"], message: assignmentMessages.endWithoutStart });
    // Same-format local strings compare as times.
    if (v.scheduled_start && v.scheduled_end && v.scheduled_end <= v.scheduled_start)
      ctx.addIssue({ code: "custom", path: ["scheduled_end"], message: assignmentMessages.endBeforeStart });
    if (v.assigned_user_id !== null && v.vendor_id !== null)
      ctx.addIssue({ code: "custom", path: ["vendor_id"], message: assignmentMessages.oneAssignee });
    if (v.scheduled_start && v.assigned_user_id === null && v.vendor_id === null)
      ctx.addIssue({ code: "custom", path: ["assigned_user_id"], message: assignmentMessages.scheduleWithoutAssignee });
  });
export type MaintenanceAssignment = z.output<typeof maintenanceAssignmentSchema>;
export type MaintenanceAssignmentInput = z.input<typeof maintenanceAssignmentSchema>;

/** Who a request can be assigned to: staff whose role works requests, on its property, able to sign in. */
export const assigneeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string(),
  /** Open requests already assigned to them: who has room. */
  open_requests: z.number().int(),
});
/** A vendor a request can be given to: those whose trades include its category first. */
export const vendorAssigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** One of the vendor's trades is the request's category. */
  trade_matches: z.boolean(),
  has_email: z.boolean(),
  /** Why assigning them deserves a warning (no or expired insurance), null when current. */
  insurance_problem: z.string().nullable(),
  open_requests: z.number().int(),
});
export type VendorAssignee = z.infer<typeof vendorAssigneeSchema>;
export const assigneeListSchema = z.object({
  assignees: z.array(assigneeSchema),
  /** Empty for a technician (they cannot give work to a vendor). */
  vendors: z.array(vendorAssigneeSchema).default([]),
});
export type Assignee = z.infer<typeof assigneeSchema>;

/** The assignment's answer: the request, warnings (a vendor's insurance), and the vendor's link. */
export const assignmentResponseSchema = z.object({
  request: maintenanceRowSchema,
  warnings: z.array(z.string()).default([]),
  /**
   * A vendor just given the work: whether their link was emailed, and the link itself (shown once
   * to the staff, to share when the vendor has no email).
   */
  vendor_link: z.object({ url: z.string(), emailed: z.boolean(), expires_at: z.string() }).nullable().default(null),
});
export type AssignmentResponse = z.infer<typeof assignmentResponseSchema>;

/** The status an assignment leaves a request in, from the one it had (null: unchanged). */
export function statusAfterAssignment(
  from: string,
  assigned: boolean,
  scheduled: boolean,
): "triaged" | "assigned" | "scheduled" | null {
  if (!assigned) return from === "assigned" || from === "scheduled" ? "triaged" : null;
  // Work under way keeps its status; a new assignee or time is recorded beside it.
  if (from === "in_progress") return null;
  return scheduled ? "scheduled" : "assigned";
}

/**
 * A booked visit as people read it: "Dec 3, 2026, 9:00 AM – 11:30 AM". The times are the
 * organization's local ones as the API gives them (`YYYY-MM-DDTHH:MM`), shown without conversion.
 */
export function formatVisit(start: string | null, end: string | null): string | null {
  if (!start) return null;
  const at = (local: string) => new Date(`${local}:00Z`);
  const day = at(start).toLocaleDateString("en-US", { dateStyle: "medium", timeZone: "UTC" });
  const time = (local: string) => at(local).toLocaleTimeString("en-US", { timeStyle: "short", timeZone: "UTC" });
  return end ? `${day}, ${time(start)} – ${time(end)}` : `${day}, ${time(start)}`;
}
