import { type MaintenanceRow, maintenanceMessages } from "@keyholder/contracts/maintenance";
import { maintenanceAssignmentSchema } from "@keyholder/contracts/maintenance-assignment";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { SavedRecord } from "../../../components/data-table/types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { assignRequest } from "../api/assign-request.ts";
import { getAssignees } from "../api/get-assignees.ts";

const NOBODY = "";
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

/**
 * Assign on a request's view: who does the work (staff who work its property, least busy first;
 * a technician sees themselves) and, optionally, the visit booked in the organization's time.
 * The server moves the status: Assigned, Scheduled with a time, Triaged when unassigned.
 */
export function Assignment({ request, onChanged }: { request: MaintenanceRow; onChanged(saved: SavedRecord): void }) {
  const assignees = useQuery({
    queryKey: ["maintenance-assignees", request.id],
    queryFn: () => getAssignees(request.id),
  });
  const [assignee, setAssignee] = useState(
    request.assigned_user_id === null ? NOBODY : String(request.assigned_user_id),
  );
  const [day, setDay] = useState(dayOf(request.scheduled_start));
  const [start, setStart] = useState(timeOf(request.scheduled_start));
  const [end, setEnd] = useState(timeOf(request.scheduled_end));
  const [note, setNote] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () =>
      maintenanceAssignmentSchema.safeParse({
        assigned_user_id: assignee === NOBODY ? null : Number(assignee),
        // A time without a day is refused (the day's message), never dropped.
        scheduled_start: start && !day ? start : join(day, start),
        scheduled_end: join(day, end),
        note: note.trim() || null,
      }),
    send: async (change) => {
      const saved = await assignRequest(request.id, change);
      onChanged({ id: saved.id, name: `#${saved.request_no} ${saved.title}` });
    },
    fallback: maintenanceMessages.assignFailed,
  });
  const current = request.assigned_user_id;
  const options = [
    { value: NOBODY, label: "Nobody (unassigned)" },
    ...(assignees.data ?? []).map((a) => ({
      value: String(a.id),
      label: `${a.name} · ${a.role} · ${a.open_requests} open`,
    })),
    // Whoever has it now stays choosable even if they could no longer be given it.
    ...(current !== null && !assignees.data?.some((a) => a.id === current)
      ? [{ value: String(current), label: request.assigned_to_name ?? `User ${current}` }]
      : []),
  ];
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
          errors={errors.assigned_user_id}
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
      <div className="flex justify-end">
        <Button type="submit" isPending={busy}>
          {busy ? "Saving..." : "Save Assignment"}
        </Button>
      </div>
    </form>
  );
}
