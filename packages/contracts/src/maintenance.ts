import { z } from "zod";
import { declareColumns, filterTypesOf, sortKeysOf } from "./columns.ts";
import { listQuerySchema } from "./list-query.ts";
import { optionalText, TEXT_LIMITS, textMessages } from "./text.ts";

/**
 * Maintenance requests (issue 28, decision 034): where, what, how urgent, how it came in, and a
 * status that moves only along MAINTENANCE_TRANSITIONS, which the server enforces.
 */
export const MAINTENANCE_PAGE_SIZE = 2000;

export const MAINTENANCE_STATUSES = [
  "new",
  "triaged",
  "assigned",
  "scheduled",
  "in_progress",
  "on_hold",
  "completed",
  "canceled",
] as const;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];
export const MAINTENANCE_STATUS_LABELS: Record<MaintenanceStatus, string> = {
  new: "New",
  triaged: "Triaged",
  assigned: "Assigned",
  scheduled: "Scheduled",
  in_progress: "In Progress",
  on_hold: "On Hold",
  completed: "Completed",
  canceled: "Canceled",
};
/** Closed: nothing more is done unless it is reopened; never overdue. The others are open. */
export const CLOSED_MAINTENANCE_STATUSES = ["completed", "canceled"] as const satisfies readonly MaintenanceStatus[];
export const isClosedStatus = (s: MaintenanceStatus) => (CLOSED_MAINTENANCE_STATUSES as readonly string[]).includes(s);
export const OPEN_MAINTENANCE_STATUSES = MAINTENANCE_STATUSES.filter((s) => !isClosedStatus(s));

/**
 * Where each status may go next: the one table the server checks every change against. A closed
 * request goes back to New or Triaged only (a reopening, counted); a new one is triaged (or
 * canceled) before anything else; only work in progress is completed.
 */
export const MAINTENANCE_TRANSITIONS: Record<MaintenanceStatus, readonly MaintenanceStatus[]> = {
  new: ["triaged", "canceled"],
  triaged: ["assigned", "in_progress", "on_hold", "canceled"],
  assigned: ["triaged", "scheduled", "in_progress", "on_hold", "canceled"],
  scheduled: ["assigned", "in_progress", "on_hold", "canceled"],
  in_progress: ["scheduled", "on_hold", "completed", "canceled"],
  on_hold: ["triaged", "assigned", "scheduled", "in_progress", "canceled"],
  completed: ["new", "triaged"],
  canceled: ["new", "triaged"],
};

export const canMoveTo = (from: MaintenanceStatus, to: MaintenanceStatus) => MAINTENANCE_TRANSITIONS[from].includes(to);
/** A change from a closed status to an open one: counted in `reopened_count`. */
export const isReopening = (from: MaintenanceStatus, to: MaintenanceStatus) =>
  isClosedStatus(from) && !isClosedStatus(to);

const listOf = (statuses: readonly MaintenanceStatus[]) => {
  const names = statuses.map((s) => MAINTENANCE_STATUS_LABELS[s]);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
};

/** What a request has that some statuses need: someone to do the work, and a time booked. */
export interface TransitionFacts {
  assigned: boolean;
  scheduled: boolean;
}

/** Why a change is refused, for the user (undefined when it is allowed). */
export function transitionProblem(
  from: MaintenanceStatus,
  to: MaintenanceStatus,
  facts?: TransitionFacts,
): string | undefined {
  if (canMoveTo(from, to)) {
    // Assigned and Scheduled say something about the request: they need it to be true.
    if (facts && (to === "assigned" || to === "scheduled") && !facts.assigned)
      return "Assign the request to someone first: use Assign";
    if (facts && to === "scheduled" && !facts.scheduled) return "Book a time first: use Assign and give the schedule";
    return undefined;
  }
  const label = MAINTENANCE_STATUS_LABELS;
  if (from === to) return `The request is already ${label[to]}`;
  if (from === "completed") return "A completed request can only be reopened, as New or Triaged";
  if (from === "canceled") return "A canceled request can only be reopened, as New or Triaged";
  if (from === "new") return "A new request must be triaged first (or canceled)";
  if (to === "completed") return "Only a request in progress can be completed: start the work first";
  return `A request that is ${label[from]} can move to ${listOf(MAINTENANCE_TRANSITIONS[from])}, not ${label[to]}`;
}

export const MAINTENANCE_PRIORITIES = ["emergency", "urgent", "normal", "low"] as const;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
export const MAINTENANCE_PRIORITY_LABELS: Record<MaintenancePriority, string> = {
  emergency: "Emergency",
  urgent: "Urgent",
  normal: "Normal",
  low: "Low",
};
/**
 * Days from the day a request was made (in the organization's time zone) to its due day, by
 * priority (decision 034): an emergency is due the same day.
 */
export const PRIORITY_DUE_DAYS: Record<MaintenancePriority, number> = { emergency: 0, urgent: 2, normal: 7, low: 14 };

export const MAINTENANCE_CATEGORIES = [
  "plumbing",
  "electrical",
  "hvac",
  "appliance",
  "pest",
  "locks",
  "grounds",
  "other",
] as const;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export const MAINTENANCE_CATEGORY_LABELS: Record<MaintenanceCategory, string> = {
  plumbing: "Plumbing",
  electrical: "Electrical",
  hvac: "HVAC",
  appliance: "Appliance",
  pest: "Pest Control",
  locks: "Locks and Keys",
  grounds: "Grounds",
  other: "Other",
};

export const MAINTENANCE_CHANNELS = ["resident_portal", "phone", "email", "walk_in", "inspection", "internal"] as const;
export type MaintenanceChannel = (typeof MAINTENANCE_CHANNELS)[number];
export const MAINTENANCE_CHANNEL_LABELS: Record<MaintenanceChannel, string> = {
  resident_portal: "Resident Portal",
  phone: "Phone",
  email: "Email",
  walk_in: "Walk-in",
  inspection: "Inspection",
  internal: "Internal",
};

/** All Requests, Open and Closed: the same grid, the last two with a fixed status filter. */
export const MAINTENANCE_VIEWS = ["open", "closed"] as const;
export type MaintenanceView = (typeof MAINTENANCE_VIEWS)[number];

const REQUEST = "Request";
const WHERE = "Location";
const PEOPLE = "Reported";

/** The requests grid, declared once. Sort keys name maintenance_requests ("r."), each with its index. */
export const MAINTENANCE_COLUMNS = declareColumns({
  request_no: { label: "No.", type: "number", sortKey: "r.request_no", category: REQUEST },
  title: { label: "Title", type: "text", sortKey: "r.title", category: REQUEST, field: "title" },
  status: { label: "Status", type: "text", sortKey: "r.status", category: REQUEST, field: "status" },
  priority: { label: "Priority", type: "text", sortKey: "r.priority_rank", category: REQUEST, field: "priority" },
  category: { label: "Category", type: "text", sortKey: "r.category", category: REQUEST, field: "category" },
  due_on: { label: "Due", type: "date", sortKey: "r.due_on", category: REQUEST },
  overdue: { label: "Overdue", type: "text", category: REQUEST },
  property_name: { label: "Property", type: "text", sortKey: "r.property_name", category: WHERE },
  location_name: { label: "Unit / Area", type: "text", sortKey: "r.location_name", category: WHERE },
  channel: { label: "Channel", type: "text", sortKey: "r.channel", category: PEOPLE, field: "channel" },
  assigned_to_name: { label: "Assigned To", type: "text", sortKey: "r.assigned_to_name", category: PEOPLE },
  scheduled_start: { label: "Scheduled", type: "date", sortKey: "r.scheduled_start", category: REQUEST },
  tenant_name: {
    label: "Reported By",
    type: "text",
    sortKey: "r.tenant_name",
    category: PEOPLE,
    defaultVisible: false,
  },
  recorded_by_name: {
    label: "Recorded By",
    type: "text",
    sortKey: "r.recorded_by_name",
    category: PEOPLE,
    defaultVisible: false,
  },
  reopened_count: {
    label: "Reopened",
    type: "number",
    sortKey: "r.reopened_count",
    category: REQUEST,
    defaultVisible: false,
  },
  created_date: { label: "Created Date", type: "date", sortKey: "r.created_date" },
  last_modified_date: { label: "Last Modified", type: "date", sortKey: "r.last_modified_date", defaultVisible: false },
});
export const MAINTENANCE_SORT_KEYS = sortKeysOf(MAINTENANCE_COLUMNS);
export const MAINTENANCE_FILTER_TYPES = filterTypesOf(MAINTENANCE_COLUMNS);

/** The grid's query, plus the menu's view: open or closed requests only. Newest first by default. */
export const maintenanceListQuerySchema = listQuerySchema({
  columns: MAINTENANCE_COLUMNS,
  defaultSort: "r.request_no",
  defaultDirection: "desc",
  maxLimit: MAINTENANCE_PAGE_SIZE,
}).extend({ view: z.enum(MAINTENANCE_VIEWS).optional() });
export type MaintenanceListQuery = z.output<typeof maintenanceListQuerySchema>;

export const maintenanceIdSchema = z.uuid("Not a maintenance request id");
export const maintenanceIdParamsSchema = z.object({ id: maintenanceIdSchema });

export const MAINTENANCE_TITLE_MAX = 200;
export const MAINTENANCE_DESCRIPTION_MAX = TEXT_LIMITS.longText;
export const MAINTENANCE_NOTE_MAX = 2000;

export const maintenanceMessages = {
  titleRequired: "Say in a few words what is wrong",
  propertyRequired: "Choose the property",
  propertyUnknown: "That property is not one of yours",
  buildingUnknown: "That building is not one of yours",
  buildingOfOtherProperty: "That building is not of the request's property",
  unitUnknown: "That unit is not one of yours",
  unitOfOtherProperty: "That unit is not of the request's property",
  unitOfOtherBuilding: "That unit is not in the chosen building",
  zoneUnknown: "That zone is not one of yours",
  zoneOfOtherProperty: "That zone is not of the request's property",
  unitOrZone: "Choose a unit or a zone, not both",
  leaseUnknown: "That lease is not one of yours",
  leaseOfOtherProperty: "That lease is not of the request's property",
  tenantUnknown: "That tenant is not one of yours",
  tenantNotOnLease: "That tenant is not a party to the chosen lease",
  categoryInvalid: "Choose a category",
  priorityInvalid: "Choose a priority",
  channelInvalid: "Choose how the request came in",
  statusInvalid: "Choose a status",
  notFound: "Maintenance request not found",
  assigneeRequired: "Assign the request to someone first",
  scheduleRequired: "Give the scheduled day and time first",
  loadFailed: "Failed to load maintenance requests. Please try again later.",
  selectToEdit: "Please select a request to edit",
  selectOneToEdit: "Please select only one request to edit",
  selectOneForHistory: "Please select a single request to view history",
  selectToDelete: "Please select the requests to delete",
  deleteFailed: "Maintenance requests cannot be deleted; cancel them instead",
  emptyTitle: "No Maintenance Requests",
  emptyText: "Record the first request when a resident reports a problem.",
  emptyOpen: "No open requests: everything is done.",
  emptyClosed: "No completed or canceled requests yet.",
  emptyNoMatch: "No requests match the filters.",
  add: "Add Request",
  statusChanged: (label: string) => `Status changed to ${label}`,
  statusFailed: "Failed to change the status",
  assignFailed: "Failed to save the assignment",
  overdue: "Overdue",
} as const;

const optionalId = z
  .number()
  .int()
  .positive()
  .nullish()
  .transform((v) => v ?? null);
const optionalUuid = (message: string) =>
  z
    .union([z.uuid(message), z.literal("")])
    .nullish()
    .transform((v) => (v ? v : null));

/** The request form, checked the same way in the dialog and on the server; the status has its own action. */
export const maintenanceFormSchema = z
  .object({
    property_id: z.uuid(maintenanceMessages.propertyRequired),
    building_id: optionalId,
    unit_id: optionalId,
    zone_id: optionalId,
    category: z.enum(MAINTENANCE_CATEGORIES, { error: maintenanceMessages.categoryInvalid }),
    priority: z.enum(MAINTENANCE_PRIORITIES, { error: maintenanceMessages.priorityInvalid }),
    title: z
      .string({ error: maintenanceMessages.titleRequired })
      .trim()
      .min(1, maintenanceMessages.titleRequired)
      .max(MAINTENANCE_TITLE_MAX, textMessages.tooLong(MAINTENANCE_TITLE_MAX)),
    description: optionalText(MAINTENANCE_DESCRIPTION_MAX),
    permission_to_enter: z.boolean().default(false),
    pets_present: z.boolean().default(false),
    entry_notes: optionalText(1000),
    preferred_times: optionalText(500),
    channel: z.enum(MAINTENANCE_CHANNELS, { error: maintenanceMessages.channelInvalid }),
    lease_id: optionalUuid(maintenanceMessages.leaseUnknown),
    tenant_id: optionalUuid(maintenanceMessages.tenantUnknown),
  })
  .superRefine((v, ctx) => {
    if (v.unit_id !== null && v.zone_id !== null)
      ctx.addIssue({ code: "custom", path: ["zone_id"], message: maintenanceMessages.unitOrZone });
  });
export type MaintenanceForm = z.output<typeof maintenanceFormSchema>;
export type MaintenanceFormInput = z.input<typeof maintenanceFormSchema>;

/** A request as the grid, the view and every write answer it. */
export const maintenanceRowSchema = z.object({
  id: z.string(),
  request_no: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(MAINTENANCE_STATUSES),
  priority: z.enum(MAINTENANCE_PRIORITIES),
  category: z.enum(MAINTENANCE_CATEGORIES),
  channel: z.enum(MAINTENANCE_CHANNELS),
  property_id: z.string(),
  property_name: z.string(),
  building_id: z.number().int().nullable(),
  building_name: z.string().nullable(),
  unit_id: z.number().int().nullable(),
  unit_name: z.string().nullable(),
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  /** The unit, else the zone, else the building: where in the property. */
  location_name: z.string().nullable(),
  /** A civil date in the organization's time zone. */
  due_on: z.string(),
  /** Open and past its due day in the organization's time zone; never for a completed or canceled request. */
  overdue: z.boolean(),
  permission_to_enter: z.boolean(),
  pets_present: z.boolean(),
  entry_notes: z.string().nullable(),
  preferred_times: z.string().nullable(),
  lease_id: z.string().nullable(),
  lease_no: z.number().int().nullable(),
  tenant_id: z.string().nullable(),
  tenant_name: z.string().nullable(),
  recorded_by_id: z.number().int().nullable(),
  recorded_by_name: z.string().nullable(),
  /** The staff member the work is assigned to (decision 034, assignment). */
  assigned_user_id: z.number().int().nullable(),
  /** Who has the work: the staff member's name, else the vendor's. */
  assigned_to_name: z.string().nullable(),
  /** Or the vendor the work is given to (never both; decision 034, "Vendors on requests and their link"). */
  vendor_id: z.string().nullable(),
  vendor_name: z.string().nullable(),
  /** When the vendor accepted through their link (null: not yet, or no vendor). */
  vendor_accepted_at: z.string().nullable(),
  /** When the work is booked: local date and time in the organization's time zone (`YYYY-MM-DDTHH:MM`). */
  scheduled_start: z.string().nullable(),
  scheduled_end: z.string().nullable(),
  reopened_count: z.number().int(),
  completed_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_date: z.string(),
  last_modified_by: z.number().int().nullable(),
  last_modified_date: z.string(),
});
export type MaintenanceRow = z.infer<typeof maintenanceRowSchema>;

export const maintenanceListSchema = z.object({
  requests: z.array(maintenanceRowSchema),
  offset: z.number().int(),
  count: z.number().int(),
  total_count: z.number().int(),
});
export const maintenanceResponseSchema = z.object({ request: maintenanceRowSchema });

/** POST /maintenance-requests/{id}/status: the next status and why. */
export const maintenanceStatusChangeSchema = z.object({
  status: z.enum(MAINTENANCE_STATUSES, { error: maintenanceMessages.statusInvalid }),
  note: optionalText(MAINTENANCE_NOTE_MAX),
});
export type MaintenanceStatusChange = z.output<typeof maintenanceStatusChangeSchema>;

/** Labels of the fields the History dialog shows (the status changes and their notes). */
export const MAINTENANCE_FIELD_LABELS: Record<string, string> = {
  status: "Status",
  note: "Note",
  assigned_to: "Assigned To",
  reopened_count: "Reopened",
};
