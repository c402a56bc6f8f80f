import { todayIn } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import {
  BILL_KIND_LABELS,
  BILL_PAYMENT_METHOD_LABELS,
  BILL_STATUS_LABELS,
  type Bill,
  type BillPayment,
} from "@keyholder/contracts/payables";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { TabPage } from "../../../components/ui/tab-page.tsx";
import { TableSection } from "../../../components/ui/table-section.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { organizationSettingsQuery } from "../../../lib/organization-settings.ts";
import type { TableTabProps } from "../../../lib/tab-handlers.ts";
import { bankAccountsQuery } from "../api/get-bank-accounts.ts";
import { BILLS_QUERY_KEY, billPaymentsQuery, billsQuery } from "../api/get-bills.ts";
import { voidBill } from "../api/void-bill.ts";
import { voidBillPayment } from "../api/void-bill-payment.ts";
import { BillDialog } from "./bill-dialog.tsx";
import { BillPaymentDialog } from "./bill-payment-dialog.tsx";

const STATUS_TONES = { open: "warning", partly_paid: "info", paid: "positive", void: "neutral" } as const;

/**
 * Accounting > Bills: what is owed to vendors (bills less unused credits), the bills unpaid oldest due
 * first or all of them, Enter Bill and Pay Bills for those who post to the books, Void on a bill
 * entered wrongly, and the latest payments.
 */
export function Bills({ can }: TableTabProps) {
  const queryClient = useQueryClient();
  const [show, setShow] = useState<"unpaid" | "all">("unpaid");
  const [entering, setEntering] = useState(false);
  const [paying, setPaying] = useState(false);
  const [voiding, setVoiding] = useState<Bill | null>(null);
  const [voidingPayment, setVoidingPayment] = useState<BillPayment | null>(null);
  const bills = useQuery(billsQuery(show));
  const payments = useQuery(billPaymentsQuery);
  const banks = useQuery(bankAccountsQuery);
  const settings = useQuery(organizationSettingsQuery);
  const canPost = can("ledger.post");
  const today = settings.data ? todayIn(settings.data.time_zone) : null;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: [BILLS_QUERY_KEY] });
    void queryClient.invalidateQueries({ queryKey: bankAccountsQuery.queryKey });
  };
  const voidOne = useMutation({
    mutationFn: (bill: Bill) => voidBill(bill.id),
    onSuccess: (bill) => {
      setVoiding(null);
      toast({ title: `${BILL_KIND_LABELS[bill.kind]} ${bill.reference ?? ""} from ${bill.vendor.name} voided` });
      refresh();
    },
    onError: (err) => {
      setVoiding(null);
      toast({ title: err.message, tone: "error" });
    },
  });
  const voidPayment = useMutation({
    mutationFn: (payment: BillPayment) => voidBillPayment(payment.id),
    onSuccess: (payment) => {
      setVoidingPayment(null);
      toast({
        title: `Payment to ${payment.vendor.name} of ${formatCents(payment.total_cents)} voided: its bills are owed again`,
      });
      refresh();
    },
    onError: (err) => {
      setVoidingPayment(null);
      toast({ title: err.message, tone: "error" });
    },
  });
  const paymentColumns: ReadOnlyColumn<BillPayment>[] = [
    { header: "Date", cell: (p) => p.paid_on },
    {
      header: "Vendor",
      cell: (p) => (
        <span className="flex flex-wrap items-center gap-2">
          {p.vendor.name}
          {p.void_entry_id ? <Badge tone="neutral">Voided</Badge> : null}
        </span>
      ),
    },
    { header: "Bank account", cell: (p) => p.bank_account.name },
    {
      header: "Method",
      cell: (p) => `${BILL_PAYMENT_METHOD_LABELS[p.method]}${p.reference ? ` ${p.reference}` : ""}`,
    },
    {
      header: "For",
      cell: (p) =>
        p.applications.map((a) => `${a.kind === "credit" ? "credit " : ""}${a.reference ?? "bill"}`).join(", "),
    },
    { header: "Amount", align: "right", cell: (p) => formatCents(p.total_cents) },
  ];
  if (canPost) {
    paymentColumns.push({
      header: "Action",
      hideHeader: true,
      cell: (p) =>
        p.void_entry_id ? null : (
          <Button variant="secondary" onPress={() => setVoidingPayment(p)}>
            Void<span className="sr-only"> {`the payment to ${p.vendor.name} of ${p.paid_on}`}</span>
          </Button>
        ),
    });
  }
  const columns: ReadOnlyColumn<Bill>[] = [
    { header: "Vendor", cell: (b) => b.vendor.name },
    {
      header: "Bill",
      cell: (b) => `${b.kind === "credit" ? "Credit " : ""}${b.reference ?? ""}`.trim() || BILL_KIND_LABELS[b.kind],
    },
    { header: "Date", cell: (b) => b.bill_date },
    { header: "Due", cell: (b) => (b.kind === "bill" ? b.due_date : "") },
    {
      header: "Property",
      cell: (b) => [...new Set(b.lines.map((l) => l.property?.name ?? "Company"))].join(", "),
    },
    { header: "Total", align: "right", cell: (b) => formatCents(b.kind === "credit" ? -b.total_cents : b.total_cents) },
    { header: "Left", align: "right", cell: (b) => formatCents(b.kind === "credit" ? -b.open_cents : b.open_cents) },
    { header: "Status", cell: (b) => <Badge tone={STATUS_TONES[b.status]}>{BILL_STATUS_LABELS[b.status]}</Badge> },
  ];
  if (canPost) {
    columns.push({
      header: "Action",
      hideHeader: true,
      cell: (b) =>
        b.status === "open" ? (
          <Button variant="secondary" onPress={() => setVoiding(b)}>
            Void<span className="sr-only"> {`${b.vendor.name} ${b.reference ?? b.bill_date}`}</span>
          </Button>
        ) : null,
    });
  }
  return (
    <TabPage>
      <h2 className="mb-4 text-lg font-semibold text-slate-800 dark:text-slate-100">Bills</h2>
      <div className="flex max-w-6xl flex-col gap-3">
        {bills.data ? (
          <p className="text-sm text-slate-700 dark:text-slate-200">
            Owed to vendors: <span className="font-semibold">{formatCents(bills.data.total_open_cents)}</span>
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div className="w-48">
            <SelectField
              label="Show"
              value={show}
              onChange={(v) => setShow(v === "all" ? "all" : "unpaid")}
              options={[
                { value: "unpaid", label: "Unpaid" },
                { value: "all", label: "All bills" },
              ]}
            />
          </div>
          {canPost ? <Button onPress={() => setEntering(true)}>Enter Bill</Button> : null}
          {canPost && banks.data?.bank_accounts.some((a) => a.is_active) ? (
            <Button variant="secondary" onPress={() => setPaying(true)}>
              Pay Bills
            </Button>
          ) : null}
        </div>
        {bills.isPending ? <Spinner label="Loading bills" /> : null}
        {bills.isError ? <Alert>{bills.error.message}</Alert> : null}
        {bills.data ? (
          <ReadOnlyTable
            label="Bills"
            columns={columns}
            rows={bills.data.bills}
            rowKey={(b) => b.id}
            limitHeight
            empty={show === "unpaid" ? "Nothing is owed to vendors." : "No bill entered yet."}
          />
        ) : null}
      </div>
      {payments.data?.payments.length ? (
        <TableSection
          id="bill-payments"
          heading="Payments"
          className="mt-8 max-w-6xl"
          label="Bill payments"
          columns={paymentColumns}
          rows={payments.data.payments}
          rowKey={(p) => p.id}
          limitHeight
        />
      ) : null}
      {entering && today ? (
        <BillDialog
          today={today}
          onEntered={(bill) => {
            setEntering(false);
            toast({
              title: `${BILL_KIND_LABELS[bill.kind]} from ${bill.vendor.name} entered: ${formatCents(bill.total_cents)}`,
            });
            refresh();
          }}
          onClose={() => setEntering(false)}
        />
      ) : null}
      {paying && today && banks.data ? (
        <BillPaymentDialog
          accounts={banks.data.bank_accounts}
          today={today}
          onPaid={(payment) => {
            setPaying(false);
            toast({
              title: `${payment.vendor.name} paid ${formatCents(payment.total_cents)} from ${payment.bank_account.name}`,
            });
            refresh();
          }}
          onClose={() => setPaying(false)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={voiding !== null}
        title="Void this bill?"
        message="Its entry is reversed and it is no longer owed. A bill entered twice or by mistake is voided; one that was paid is not."
        confirmLabel="Void Bill"
        isPending={voidOne.isPending}
        onConfirm={() => voiding && voidOne.mutate(voiding)}
        onCancel={() => setVoiding(null)}
      />
      <ConfirmDialog
        isOpen={voidingPayment !== null}
        title="Void this payment?"
        message="Its entry is reversed and the bills it paid are owed again. A payment that cleared a completed reconciliation stays."
        confirmLabel="Void Payment"
        isPending={voidPayment.isPending}
        onConfirm={() => voidingPayment && voidPayment.mutate(voidingPayment)}
        onCancel={() => setVoidingPayment(null)}
      />
    </TabPage>
  );
}
