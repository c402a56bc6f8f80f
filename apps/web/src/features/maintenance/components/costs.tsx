import { isClosedStatus, type MaintenanceRow } from "@keyholder/contracts/maintenance";
import {
  COST_KIND_LABELS,
  type CostLineRow,
  costLimitsSchema,
  costMessages,
  type RequestCosts,
} from "@keyholder/contracts/maintenance-costs";
import { centsToInput, formatCents, parseDollars } from "@keyholder/contracts/money";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { FactSection } from "../../../components/ui/fact-list.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { useCan } from "../../../lib/auth/auth-context.tsx";
import { formatCivilDate } from "../../../lib/civil-date.ts";
import { saveFailure } from "../../../lib/form-errors.ts";
import { useActionForm } from "../../../lib/use-action-form.ts";
import { billToResident } from "../api/bill-to-resident.ts";
import { deleteCostLine } from "../api/delete-cost-line.ts";
import { getRequestCosts, requestCostsKey } from "../api/get-request-costs.ts";
import { setCostLimits } from "../api/set-cost-limits.ts";
import { CostLineDialog } from "./cost-line-dialog.tsx";
import { VendorBillDialog } from "./vendor-bill-dialog.tsx";

const money = (cents: number | null) => (cents === null ? null : formatCents(cents));
const heldMessage = "The costs exceed the not-to-exceed amount: the request is now On Hold for approval.";

/** Dollars typed into a limit field: null when empty, cents, or undefined when not an amount. */
const limitOf = (text: string) => (text.trim() === "" ? null : (parseDollars(text) ?? undefined));

/** The estimate and the not-to-exceed amount of an open request, saved together. */
function CostLimitsForm({ costs, onSaved }: { costs: RequestCosts; onSaved(costs: RequestCosts): void }) {
  const [estimate, setEstimate] = useState(costs.estimate_cents === null ? "" : centsToInput(costs.estimate_cents));
  const [limit, setLimit] = useState(costs.not_to_exceed_cents === null ? "" : centsToInput(costs.not_to_exceed_cents));
  const { errors, failure, busy, onSubmit } = useActionForm({
    check: () => {
      const e = limitOf(estimate);
      const n = limitOf(limit);
      if (e === undefined || n === undefined)
        return {
          success: false,
          fields: {
            ...(e === undefined ? { estimate_cents: [costMessages.limit] } : {}),
            ...(n === undefined ? { not_to_exceed_cents: [costMessages.limit] } : {}),
          },
        };
      return costLimitsSchema.safeParse({ estimate_cents: e, not_to_exceed_cents: n });
    },
    send: async (data) => onSaved(await setCostLimits(costs.request_id, data)),
    fallback: "Could not save the limits. Please try again.",
  });
  return (
    <form aria-label="Cost limits" className="flex flex-col gap-2" noValidate onSubmit={onSubmit}>
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <TextField
          label="Estimate ($)"
          inputMode="decimal"
          placeholder="None"
          value={estimate}
          onChange={setEstimate}
          errors={errors.estimate_cents}
        />
        <TextField
          label="Not to Exceed ($)"
          inputMode="decimal"
          placeholder="None"
          description="Costs above it put the request on hold for approval"
          value={limit}
          onChange={setLimit}
          errors={errors.not_to_exceed_cents}
        />
        <Button type="submit" variant="secondary" isPending={busy}>
          {busy ? "Saving..." : "Save Limits"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Costs on a request's view (issue 28 item 5): its labor, material and other lines, their totals,
 * the estimate and not-to-exceed amount, and, for a role that may post to the books, Bill to
 * Resident (one charge to the request's lease) and Enter Vendor Bill (the vendor's invoice for the
 * costs no bill carries yet). A line over the limit puts the request on hold, said here.
 */
export function CostsSection({ request, canEdit }: { request: MaintenanceRow; canEdit: boolean }) {
  const can = useCan();
  const queryClient = useQueryClient();
  const costs = useQuery({ queryKey: requestCostsKey(request.id), queryFn: () => getRequestCosts(request.id) });
  const [editing, setEditing] = useState<{ line: CostLineRow | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [billing, setBilling] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [limitsVersion, setLimitsVersion] = useState(0);
  const [enteringBill, setEnteringBill] = useState(false);

  const saved = (next: RequestCosts) => {
    const before = costs.data?.status ?? request.status;
    queryClient.setQueryData(requestCostsKey(request.id), next);
    setFailure(null);
    if (next.status !== before) {
      setNotice(next.status === "on_hold" ? heldMessage : null);
      void queryClient.invalidateQueries({ queryKey: ["maintenance-request-history", request.id] });
    }
  };
  const remove = async (line: CostLineRow) => {
    try {
      saved(await deleteCostLine(request.id, line.id));
    } catch (err) {
      setFailure(saveFailure(err, "Could not remove the cost. Please try again.").message);
    }
  };
  const bill = async () => {
    setBilling(true);
    try {
      const done = await billToResident(request.id);
      saved(done.costs);
      setNotice(costMessages.billed(done.costs.billing?.billed_cents ?? 0));
    } catch (err) {
      setFailure(saveFailure(err, "Could not bill the resident. Please try again.").message);
    } finally {
      setBilling(false);
      setConfirming(false);
    }
  };

  const data = costs.data;
  const open = !isClosedStatus(data ? (data.status as MaintenanceRow["status"]) : request.status);
  const editable = canEdit && open;
  const columns: ReadOnlyColumn<CostLineRow>[] = [
    { header: "Description", cell: (l) => l.description },
    { header: "Kind", cell: (l) => COST_KIND_LABELS[l.kind] },
    { header: "Quantity", align: "right", cell: (l) => l.quantity },
    { header: "Rate", align: "right", cell: (l) => formatCents(l.rate_cents) },
    { header: "Amount", align: "right", cell: (l) => formatCents(l.amount_cents) },
    { header: "Billable", cell: (l) => (l.billable ? "Yes" : "No") },
    {
      header: "Vendor bill",
      cell: (l) =>
        l.vendor_bill
          ? `${l.vendor_bill.vendor_name}${l.vendor_bill.reference ? ` ${l.vendor_bill.reference}` : ""}`
          : "",
    },
    ...(editable
      ? [
          {
            header: "Actions",
            hideHeader: true,
            cell: (l: CostLineRow) => (
              <span className="flex gap-1">
                <Button
                  variant="secondary"
                  onPress={() => setEditing({ line: l })}
                  aria-label={`Edit ${l.description}`}
                >
                  Edit
                </Button>
                <Button variant="secondary" onPress={() => void remove(l)} aria-label={`Remove ${l.description}`}>
                  Remove
                </Button>
              </span>
            ),
          },
        ]
      : []),
  ];
  const lease =
    data?.lease_no == null ? null : `Lease ${data.lease_no}${request.tenant_name ? ` (${request.tenant_name})` : ""}`;
  const billable = data?.totals.billable_cents ?? 0;
  const canBill = canEdit && can("ledger.post") && data !== undefined && data.billing === null && billable > 0;
  // The vendor's invoice for the work, from the costs no bill carries yet (open or closed request).
  const unbilled = data?.lines.filter((l) => l.vendor_bill === null) ?? [];
  const canEnterBill = can("ledger.post") && unbilled.length > 0;

  return (
    <section aria-label="Costs" className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Costs</h3>
        {editable ? (
          <Button variant="secondary" onPress={() => setEditing({ line: null })}>
            Add Cost
          </Button>
        ) : null}
      </div>
      {costs.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p> : null}
      {costs.isError ? <Alert>Failed to load the costs.</Alert> : null}
      {failure ? <Alert>{failure}</Alert> : null}
      {notice ? (
        <p role="status" className="text-sm font-medium text-amber-800 dark:text-amber-300">
          {notice}
        </p>
      ) : null}
      {data ? (
        <>
          <ReadOnlyTable
            label="Cost lines"
            columns={columns}
            rows={data.lines}
            rowKey={(l) => l.id}
            empty="No costs yet."
          />
          <FactSection
            title="Totals"
            items={[
              ["Labor", formatCents(data.totals.labor_cents)],
              ["Material", formatCents(data.totals.material_cents)],
              ["Other", formatCents(data.totals.other_cents)],
              ["Total", formatCents(data.totals.total_cents)],
              ["Billable to Resident", formatCents(billable)],
              ["Estimate", money(data.estimate_cents)],
              ["Not to Exceed", money(data.not_to_exceed_cents)],
            ]}
          />
          {editable ? (
            <CostLimitsForm
              key={limitsVersion}
              costs={data}
              onSaved={(next) => {
                saved(next);
                setLimitsVersion((v) => v + 1);
              }}
            />
          ) : null}
          {data.billing ? (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              Billed {formatCents(data.billing.billed_cents)} on {formatCivilDate(data.billing.billed_on)}
              {data.billing.billed_cents !== billable
                ? `. The billable costs are now ${formatCents(billable)}: credit the lease to change what was billed.`
                : null}
            </p>
          ) : null}
          {canBill || canEnterBill ? (
            <div className="flex flex-wrap justify-end gap-2">
              {canEnterBill ? (
                <Button variant="secondary" onPress={() => setEnteringBill(true)}>
                  Enter Vendor Bill
                </Button>
              ) : null}
              {canBill ? (
                <Button onPress={() => setConfirming(true)} isDisabled={lease === null}>
                  Bill to Resident
                </Button>
              ) : null}
            </div>
          ) : null}
          {canBill && lease === null ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{costMessages.noLease}.</p>
          ) : null}
        </>
      ) : null}
      {editing ? (
        <CostLineDialog
          requestId={request.id}
          line={editing.line}
          onClose={() => setEditing(null)}
          onSaved={(next) => {
            saved(next);
            setEditing(null);
          }}
        />
      ) : null}
      {enteringBill ? (
        <VendorBillDialog
          request={request}
          lines={unbilled}
          onClose={() => setEnteringBill(false)}
          onEntered={(bill) => {
            setEnteringBill(false);
            setFailure(null);
            const invoice = bill.reference ? `${bill.reference} ` : "";
            setNotice(`Bill ${invoice}of ${formatCents(bill.total_cents)} from ${bill.vendor.name} entered`);
            void queryClient.invalidateQueries({ queryKey: requestCostsKey(request.id) });
          }}
        />
      ) : null}
      <ConfirmDialog
        isOpen={confirming}
        title="Bill to Resident"
        message={`Post a charge of ${formatCents(billable)} to ${lease ?? "the lease"} for request #${request.request_no}? It is posted once; to change it later, credit the lease.`}
        confirmLabel={`Bill ${formatCents(billable)}`}
        isPending={billing}
        onConfirm={() => void bill()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
