import { type MaintenanceRow, maintenanceMessages } from "@keyholder/contracts/maintenance";
import {
  type AssignmentResponse,
  assignmentMessages,
  maintenanceAssignmentSchema,
} from "@keyholder/contracts/maintenance-assignment";
import { WORK_ORDER_INSTRUCTIONS_MAX } from "@keyholder/contracts/maintenance-work-orders";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { SavedRecord } from "../../../components/data-table/types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { assignRequest } from "../api/assign-request.ts";
import { getAssignees } from "../api/get-assignees.ts";
import { NotToExceedField, notToExceedCents } from "./not-to-exceed.tsx";

const NOBODY = "";
/** A vendor's option value; a staff member's is their user id. */
const VENDOR = "vendor:";
/** Half-hour steps from 6:00 to 21:30: the times a visit is booked at. */
const TIMES = Array.from({ length: 32 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  const h12 = ((Math.floor(minutes / 60) + 11) % 12) + 1;
  return { value: `${hh}:${mm}`, label: `${h12}:${mm} ${minutes < 720 ? "AM" : "PM"}` };
});
const NO_TIME = { value: "", label: "No time" };
const dayOf = (local: string | null) => local?.slice(0, 10) ?? "";
const timeOf = (local: string | null) => local?.slice(11, 16) ?? "";
const join = (day: string, time: string) => (day && time ? `${day}T${time}` : null);
/** The request's assignee as an option value. */
const assigneeOf = (request: MaintenanceRow) =>
  request.vendor_id !== null
    ? `${VENDOR}${request.vendor_id}`
    : request.assigned_user_id === null
      ? NOBODY
      : String(request.assigned_user_id);

/**
 * Assign on a request's view: who does the work (staff who work its property, least busy first;
 * a technician sees themselves) and, optionally, the visit booked in the organization's time.
 * The server moves the status: Assigned, Scheduled with a time, Triaged when unassigned. A new
 * assignee gets a new work order, whose instructions and not-to-exceed amount are set here.
 */
export function Assignment({ request, onChanged }: { request: MaintenanceRow; onChanged(saved: SavedRecord): void }) {
  const assignees = useQuery({
    queryKey: ["maintenance-assignees", request.id],
    queryFn: () => getAssignees(request.id),
  });
  const [assignee, setAssignee] = useState(assigneeOf(request));
  const [result, setResult] = useState<AssignmentResponse | null>(null);
  const vendorId = assignee.startsWith(VENDOR) ? assignee.slice(VENDOR.length) : null;
  const vendor = vendorId ? assignees.data?.vendors.find((v) => v.id === vendorId) : undefined;
  const [day, setDay] = useState(dayOf(request.scheduled_start));
  const [start, setStart] = useState(timeOf(request.scheduled_start));
  const [end, setEnd] = useState(timeOf(request.scheduled_end));
  const [note, setNote] = useState("");
  const [instructions, setInstructions] = useState("");
  const [limit, setLimit] = useState("");
  const currentAssignee = assigneeOf(request);
  // The order's terms belong to a new order: the same assignee keeps theirs (Edit on the work order).
  const newOrder = assignee !== NOBODY && assignee !== currentAssignee;
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const typed = newOrder ? notToExceedCents(limit) : { cents: null };
      if ("error" in typed) return { success: false, fields: { not_to_exceed_cents: [typed.error] } };
      return maintenanceAssignmentSchema.safeParse({
        assigned_user_id: assignee === NOBODY || vendorId !== null ? null : Number(assignee),
        vendor_id: vendorId,
        // A time without a day is refused (the day's message), never dropped.
        scheduled_start: start && !day ? start : join(day, start),
        scheduled_end: join(day, end),
        note: note.trim() || null,
        instructions: newOrder ? instructions : null,
        not_to_exceed_cents: typed.cents,
      });
    },
    send: async (change) => {
      const answer = await assignRequest(request.id, change);
      const saved = answer.request;
      const record = { id: saved.id, name: `#${saved.request_no} ${saved.title}` };
      // A vendor without an email: the link is shown to copy before the view closes.
      if (answer.vendor_link && !answer.vendor_link.emailed) setResult(answer);
      else onChanged(record);
    },
    fallback: maintenanceMessages.assignFailed,
  });
  if (result) {
    return (
      <AssignmentResult
        result={result}
        onDone={() =>
          onChanged({ id: result.request.id, name: `#${result.request.request_no} ${result.request.title}` })
        }
      />
    );
  }
  const current = request.assigned_user_id;
  const staff = assignees.data?.assignees ?? [];
  const vendors = assignees.data?.vendors ?? [];
  const options = [
    { value: NOBODY, label: "Nobody (unassigned)" },
    ...staff.map((a) => ({
      value: String(a.id),
      label: `${a.name} · ${a.role} · ${a.open_requests} open`,
    })),
    // Whoever has it now stays choosable even if they could no longer be given it.
    ...(current !== null && !staff.some((a) => a.id === current)
      ? [{ value: String(current), label: request.assigned_to_name ?? `User ${current}` }]
      : []),
    ...vendors.map((v) => ({
      value: `${VENDOR}${v.id}`,
      label: `${v.name} · Vendor${v.trade_matches ? "" : " (other trade)"}${v.insurance_problem ? ` · ⚠ ${v.insurance_problem}` : ""}`,
    })),
    ...(request.vendor_id !== null && !vendors.some((v) => v.id === request.vendor_id)
      ? [{ value: `${VENDOR}${request.vendor_id}`, label: `${request.vendor_name ?? "Vendor"} · Vendor` }]
      : []),
  ];
  const vendorNotes = vendor
    ? [
        ...(vendor.insurance_problem ? [`Warning: ${vendor.insurance_problem}. You can still assign them.`] : []),
        vendor.has_email
          ? "They will be emailed a link to accept the work, see the details and post updates."
          : "No email on file: you will get a link to share with them.",
      ]
    : [];
  return (
    <form
      aria-label="Assign"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      noValidate
      onSubmit={onSubmit}
    >
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Assign</h3>
      {failure ? <Alert>{failure}</Alert> : null}
      {assignees.isError ? <Alert>Failed to load who can take the request.</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Assigned To"
          value={assignee}
          onChange={setAssignee}
          options={options}
          errors={[...(errors.assigned_user_id ?? []), ...(errors.vendor_id ?? [])]}
          description={vendorNotes.join(" ") || undefined}
        />
        <DatePicker label="Visit Day" value={day} onChange={setDay} errors={errors.scheduled_start} />
        <SelectField label="From" value={start} onChange={setStart} options={[NO_TIME, ...TIMES]} />
        <SelectField
          label="Until"
          value={end}
          onChange={setEnd}
          options={[NO_TIME, ...TIMES]}
          errors={errors.scheduled_end}
        />
      </div>
      <TextField
        label="Note"
        placeholder="What to bring, how to get in..."
        value={note}
        onChange={setNote}
        errors={errors.note}
      />
      {newOrder ? (
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
          <TextField
            label="Work Order Instructions"
            rows={3}
            maxLength={WORK_ORDER_INSTRUCTIONS_MAX}
            placeholder={request.title}
            description="What they are to do; empty: the request's title"
            value={instructions}
            onChange={setInstructions}
            errors={errors.instructions}
          />
          <NotToExceedField
            description="The most the work may cost without asking"
            value={limit}
            onChange={setLimit}
            errors={errors.not_to_exceed_cents}
          />
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" isPending={busy}>
          {busy ? "Saving..." : "Save Assignment"}
        </Button>
      </div>
    </form>
  );
}

/**
 * A vendor with no email on file was given the work: their link, shown once to copy and share, with
 * any insurance warning; Done closes the view as any saved assignment does.
 */
function AssignmentResult({ result, onDone }: { result: AssignmentResponse; onDone(): void }) {
  const link = result.vendor_link;
  const name = result.request.vendor_name ?? "The vendor";
  // The Save button it replaces had the focus: it goes to what the save says.
  const here = useRef<HTMLElement>(null);
  useEffect(() => here.current?.focus(), []);
  return (
    <section
      ref={here}
      tabIndex={-1}
      aria-label="Vendor link"
      className="outline-none focus-visible:ring-2 flex flex-col gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700"
    >
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Assigned to {name}</h3>
      {result.warnings.map((w) => (
        <p key={w} className="rounded-md bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-100">
          {w}
        </p>
      ))}
      {link ? (
        <div className="rounded-md bg-slate-50 p-2 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <p>{link.emailed ? assignmentMessages.vendorEmailed(name) : assignmentMessages.vendorNoEmail(name)}</p>
          {link.emailed ? null : (
            <input
              aria-label="Link to share"
              readOnly
              value={link.url}
              onFocus={(e) => e.currentTarget.select()}
              className="mt-1 w-full rounded border border-slate-300 bg-white p-1 font-mono text-xs dark:border-slate-600 dark:bg-slate-900"
            />
          )}
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button onPress={onDone}>Done</Button>
      </div>
    </section>
  );
}
