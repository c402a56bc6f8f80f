import { addMonths, monthEnd, monthName, monthStart } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import type { FeeRun } from "@keyholder/contracts/owners";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { runFees } from "../api/run-fees.ts";

/**
 * Run Management Fees: each managed property's fee for a month, by its agreement, charged once (a
 * month already charged is refused, naming the property).
 */
export function FeeRunDialog({
  today,
  onDone,
  onClose,
}: {
  today: string;
  onDone(run: FeeRun): void;
  onClose(): void;
}) {
  const months = [1, 2, 3, 4, 5, 6].map((back) => addMonths(monthStart(today), -back));
  const [month, setMonth] = useState(months[0] ?? monthStart(today));
  const run = useMutation({
    mutationFn: () => runFees({ period_start: month, period_end: monthEnd(month) }),
    onSuccess: onDone,
  });
  const title = "Run Management Fees";
  return (
    <Dialog id="fee-run" title={title} isOpen onClose={onClose}>
      <div className="flex flex-col gap-3">
        <SelectField
          label="Month"
          value={month}
          onChange={setMonth}
          options={months.map((m) => ({ value: m, label: monthName(m) }))}
        />
        <p className="text-sm text-slate-700 dark:text-slate-200">
          Each property with an agreement is charged its fee for {monthName(month)} out of its trust cash.
        </p>
        {run.isError ? <Alert>{run.error.message}</Alert> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button isPending={run.isPending} onPress={() => run.mutate()}>
            Charge Fees
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

export const feeRunSummary = (run: FeeRun) =>
  `Management fees for ${monthName(run.period_start)}: ${formatCents(run.total_cents)} from ${run.fees.length} ${run.fees.length === 1 ? "property" : "properties"}`;
