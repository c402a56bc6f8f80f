import { addDays } from "@keyholder/contracts/civil-date";
import { noticeSchema } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { saveFailure, zodFieldErrors } from "../../../lib/form-errors.ts";
import { formatDate } from "../../../lib/format.ts";
import { recordNotice } from "../api/lease-lifecycle.ts";
import { useOrgToday } from "./use-org-today.ts";

/**
 * A notice to vacate: the lease goes on notice until the move-out day; its units show as available
 * the next day to leasing and on the public listing.
 */
export function NoticeForm({
  lease,
  onDone,
  onCancel,
}: {
  lease: Lease;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const today = useOrgToday();
  const [givenOn, setGivenOn] = useState(today);
  const [moveOut, setMoveOut] = useState(lease.end_date ?? addDays(today, 30));
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const parsed = noticeSchema.safeParse({ notice_given_on: givenOn, move_out_date: moveOut });
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error));
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      const { lease: saved } = await recordNotice(lease.id, parsed.data);
      onDone(`Notice recorded: moving out ${formatDate(saved.move_out_date)}`);
    } catch (err) {
      const f = saveFailure(err, "The notice could not be recorded. Please try again.");
      setErrors(f.fields);
      setFailure(Object.keys(f.fields).length ? null : f.message);
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label="Record Notice"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <DatePicker
          label="Notice Given On"
          isRequired
          value={givenOn}
          onChange={setGivenOn}
          errors={errors.notice_given_on}
          autoFocus
        />
        <DatePicker
          label="Move-out Date"
          isRequired
          value={moveOut}
          onChange={setMoveOut}
          errors={errors.move_out_date}
          description="The units are available the day after"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onCancel}>
          Cancel
        </Button>
        <Button type="submit" isPending={busy}>
          {busy ? "Recording..." : "Record Notice"}
        </Button>
      </div>
    </form>
  );
}
