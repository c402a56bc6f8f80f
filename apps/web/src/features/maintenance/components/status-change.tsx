import {
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_TRANSITIONS,
  type MaintenanceRow,
  type MaintenanceStatus,
  maintenanceMessages,
  maintenanceStatusChangeSchema,
  transitionProblem,
} from "@keyholder/contracts/maintenance";
import { useState } from "react";
import type { SavedRecord } from "../../../components/data-table/types.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { changeStatus } from "../api/change-status.ts";

/**
 * Change Status on a request's view: only the statuses the transition table allows from the
 * current one are offered, with a note for the history; the server checks the same table.
 */
export function StatusChange({ request, onChanged }: { request: MaintenanceRow; onChanged(saved: SavedRecord): void }) {
  // Assigned and Scheduled need someone and a time (the Assign form gives them): offered only then.
  const facts = { assigned: request.assigned_user_id !== null, scheduled: request.scheduled_start !== null };
  const next = MAINTENANCE_TRANSITIONS[request.status].filter((s) => !transitionProblem(request.status, s, facts));
  const [status, setStatus] = useState<MaintenanceStatus>(next[0] ?? request.status);
  const [note, setNote] = useState("");
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => maintenanceStatusChangeSchema.safeParse({ status, note: note.trim() || null }),
    send: async (change) => {
      const saved = await changeStatus(request.id, change);
      onChanged({ id: saved.id, name: `#${saved.request_no} ${saved.title}` });
    },
    fallback: maintenanceMessages.statusFailed,
  });
  return (
    <form
      aria-label="Change status"
      className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      noValidate
      onSubmit={onSubmit}
    >
      <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Change Status</h3>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <SelectField
          label="New Status"
          value={status}
          onChange={(v) => setStatus(v as MaintenanceStatus)}
          options={next.map((s) => ({ value: s, label: MAINTENANCE_STATUS_LABELS[s] }))}
          errors={errors.status}
        />
        <TextField
          label="Note"
          placeholder="Why, what was done..."
          value={note}
          onChange={setNote}
          errors={errors.note}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" isPending={busy}>
          {busy ? "Saving..." : "Change Status"}
        </Button>
      </div>
    </form>
  );
}
