import type { BankAccount } from "@keyholder/contracts/bank-accounts";
import { formatCents } from "@keyholder/contracts/money";
import type { Distribution, DistributionRun } from "@keyholder/contracts/owners";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { DatePicker } from "../../../components/ui/date-picker.tsx";
import { Dialog } from "../../../components/ui/dialog.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { runDistributions } from "../api/run-distributions.ts";

const propertiesText = (d: Distribution) =>
  d.properties.map((p) => `${p.property.name} ${formatCents(p.available_cents)}`).join(" · ");

const columns: ReadOnlyColumn<Distribution>[] = [
  { header: "Owner", cell: (d) => d.owner.name },
  { header: "Their share of each property", cell: propertiesText },
  { header: "Available", align: "right", cell: (d) => formatCents(d.available_cents) },
  { header: "To pay", align: "right", cell: (d) => formatCents(d.amount_cents) },
];

/**
 * Run Distribution: what each owner would be paid from a trust bank account on a day (their share of
 * each property's available money, an owner's properties netted, never below zero), shown before
 * anything is paid; Pay Owners then pays them all at once, once.
 */
export function DistributionDialog({
  accounts,
  today,
  onPaid,
  onClose,
}: {
  accounts: BankAccount[];
  today: string;
  onPaid(run: DistributionRun): void;
  onClose(): void;
}) {
  const key = useRef(crypto.randomUUID());
  const trusts = accounts.filter((a) => a.is_active && a.kind === "trust");
  const [account, setAccount] = useState(trusts[0]?.id ?? "");
  const [paidOn, setPaidOn] = useState(today);
  const input = { bank_account_id: account, paid_on: paidOn, idempotency_key: key.current };
  const preview = useQuery({
    queryKey: ["owners", "distribution-preview", account, paidOn],
    queryFn: () => runDistributions({ ...input, preview: true }),
    enabled: Boolean(account) && /^\d{4}-\d{2}-\d{2}$/.test(paidOn),
  });
  const pay = useMutation({ mutationFn: () => runDistributions({ ...input, preview: false }), onSuccess: onPaid });
  const total = preview.data?.total_cents ?? 0;
  const title = "Run Distribution";
  return (
    <Dialog id="distribution-run" title={title} isOpen onClose={onClose} width="max-w-4xl">
      <div className="flex flex-col gap-3">
        {trusts.length === 0 ? <Alert>Add a trust bank account first: owners are paid from trust.</Alert> : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Trust bank account"
            value={account}
            onChange={setAccount}
            options={trusts.map((a) => ({ value: a.id, label: a.name }))}
          />
          <DatePicker label="Payment date" value={paidOn} onChange={setPaidOn} isRequired />
        </div>
        {preview.isFetching ? <Spinner label="Working out what each owner has available" /> : null}
        {preview.isError ? <Alert>{preview.error.message}</Alert> : null}
        {preview.data ? (
          <ReadOnlyTable
            label="Distribution to owners"
            columns={columns}
            rows={preview.data.distributions}
            rowKey={(d) => d.owner.id}
            limitHeight
            empty="No owner holds a property on that day: set the owners of each property first."
          />
        ) : null}
        {pay.isError ? <Alert>{pay.error.message}</Alert> : null}
        <output aria-live="polite" className="text-sm font-medium">
          {preview.data ? `Total to pay ${formatCents(total)}` : ""}
        </output>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button
            isDisabled={!preview.data || total === 0 || preview.isFetching}
            isPending={pay.isPending}
            onPress={() => pay.mutate()}
          >
            Pay Owners {formatCents(total)}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
