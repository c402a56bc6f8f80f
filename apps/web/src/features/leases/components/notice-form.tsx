import { addDays } from "@keyholder/contracts/civil-date";
import { noticeSchema } from "@keyholder/contracts/lease-lifecycle";
import type { Lease } from "@keyholder/contracts/leases";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { formatDate } from "../../../lib/format.ts";
import { type ActionFormProps, useActionForm } from "../../../lib/use-action-form.ts";
import { recordNotice } from "../api/lease-lifecycle.ts";
import { useOrgToday } from "./use-org-today.ts";

/**
 * A notice to vacate: the lease goes on notice until the move-out day; its units show as available
 * the next day to leasing and on the public listing.
 */
export function NoticeForm({ lease, onDone, onCancel }: ActionFormProps & { lease: Lease }) {
  const today = useOrgToday();
  const [givenOn, setGivenOn] = useState(today);
  const [moveOut, setMoveOut] = useState(lease.end_date ?? addDays(today, 30));
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => noticeSchema.safeParse({ notice_given_on: givenOn, move_out_date: moveOut }),
    send: async (data) => {
      const { lease: saved } = await recordNotice(lease.id, data);
      onDone(`Notice recorded: moving out ${formatDate(saved.move_out_date)}`);
    },
    fallback: "The notice could not be recorded. Please try again.",
  });

  return (
    <form className="flex flex-col gap-4" noValidate aria-label="Record Notice" onSubmit={onSubmit}>
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
      <ActionFormButtons busy={busy} busyLabel="Recording..." onCancel={onCancel}>
        Record Notice
      </ActionFormButtons>
    </form>
  );
}
