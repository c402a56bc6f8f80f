import { monthEnd } from "@keyholder/contracts/civil-date";
import { endManagementAgreementSchema, type ManagementAgreement } from "@keyholder/contracts/owners";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { endAgreement } from "../api/end-agreement.ts";

/**
 * End Agreement: the last day a property is managed under an agreement (the end of this month to
 * begin with). Fees already charged stay as they were: the server refuses a day before their last.
 */
export function EndAgreementDialog({
  agreement,
  today,
  onEnded,
  onClose,
}: {
  agreement: ManagementAgreement;
  today: string;
  onEnded(agreement: ManagementAgreement): void;
  onClose(): void;
}) {
  const [endsOn, setEndsOn] = useState(monthEnd(today));
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => endManagementAgreementSchema.safeParse({ ends_on: endsOn }),
    send: async (input) => onEnded(await endAgreement(agreement.id, input.ends_on)),
    fallback: "Could not end the agreement. Please try again.",
  });
  const title = `End Agreement: ${agreement.property.name}`;
  return (
    <Dialog id="agreement-end" title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          In force since {agreement.starts_on}. A new agreement for the property may start the day after its last day.
        </p>
        <DatePicker label="Last day" value={endsOn} onChange={setEndsOn} errors={errors.ends_on} isRequired />
        <ActionFormButtons busy={busy} busyLabel="Ending..." onCancel={onClose}>
          End Agreement
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
