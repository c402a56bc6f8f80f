import {
  WORK_ORDER_INSTRUCTIONS_MAX,
  type WorkOrder,
  workOrderUpdateSchema,
} from "@keyholder/contracts/maintenance-work-orders";
import { centsToInput } from "@keyholder/contracts/money";
import { useState } from "react";
import { ActionFormButtons } from "../../../components/ui/action-form-buttons.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { saveWorkOrder } from "../api/save-work-order.ts";
import { NotToExceedField, notToExceedCents } from "./not-to-exceed.tsx";

/** Edit Work Order: what the assignee is to do and the most it may cost (empty: no limit). */
export function WorkOrderDialog({
  order,
  onSaved,
  onClose,
}: {
  order: WorkOrder;
  onSaved(order: WorkOrder): void;
  onClose(): void;
}) {
  const [instructions, setInstructions] = useState(order.instructions ?? "");
  const [limit, setLimit] = useState(order.not_to_exceed_cents === null ? "" : centsToInput(order.not_to_exceed_cents));
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const typed = notToExceedCents(limit);
      if ("error" in typed) return { success: false, fields: { not_to_exceed_cents: [typed.error] } };
      return workOrderUpdateSchema.safeParse({ instructions, not_to_exceed_cents: typed.cents });
    },
    send: async (change) => onSaved(await saveWorkOrder(order.request_id, order.id, change)),
    fallback: "Could not save the work order. Please try again.",
  });
  const title = `Edit ${order.label}`;
  return (
    <Dialog id={`maintenance-work-order-${order.id}`} title={title} isOpen onClose={onClose}>
      <form aria-label={title} className="flex flex-col gap-3" noValidate onSubmit={onSubmit}>
        {failure ? <Alert>{failure}</Alert> : null}
        <TextField
          label="Instructions"
          rows={5}
          autoFocus
          maxLength={WORK_ORDER_INSTRUCTIONS_MAX}
          description={`What ${order.assignee_name} is to do (at most ${WORK_ORDER_INSTRUCTIONS_MAX.toLocaleString("en-US")} characters)`}
          value={instructions}
          onChange={setInstructions}
          errors={errors.instructions}
        />
        <NotToExceedField value={limit} onChange={setLimit} errors={errors.not_to_exceed_cents} />
        <ActionFormButtons busy={busy} busyLabel="Saving..." onCancel={onClose}>
          Save Work Order
        </ActionFormButtons>
      </form>
    </Dialog>
  );
}
