import {
  LATE_FEE_TYPE_LABELS,
  LEASE_PARTY_ROLE_LABELS,
  LEASE_TERM_LABELS,
  type Lease,
  leaseMessages,
  PET_KIND_LABELS,
  RECURRING_CHARGE_KIND_LABELS,
} from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { TENANT_STATUS_LABELS, type TenantStatus } from "@keyholder/contracts/tenants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRefreshRecords } from "../../../components/data-table/use-refresh-records.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { RecordView } from "../../../components/ui/record-view.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { toast } from "../../../components/ui/toast.tsx";
import { formatDate } from "../../../lib/format.ts";
import { getLease, leaseQueryKey } from "../api/get-lease.ts";
import { leaseLedgerKey } from "../api/get-lease-ledger.ts";
import { depositStatementUrl, moveOutKey, renewalOffersKey, withdrawNotice } from "../api/lease-lifecycle.ts";
import { InviteResidentButton } from "./invite-resident-button.tsx";
import { LeaseLedgerPanel } from "./lease-ledger.tsx";
import { LeaseStatusBadge } from "./lease-status-badge.tsx";
import { MoveInForm } from "./move-in-form.tsx";
import { MoveOutForm } from "./move-out-form.tsx";
import { NoticeForm } from "./notice-form.tsx";
import { RenewalOfferForm, RenewalOffers } from "./renewal-offers.tsx";

const RESIDENT_PORTAL_LABELS: Record<Lease["parties"][number]["resident_portal"], string> = {
  none: "Not invited",
  invited: "Invited",
  active: "Active",
};

function lateFeeText(lease: Lease) {
  const f = lease.late_fee;
  if (f.type === "none") return LATE_FEE_TYPE_LABELS.none;
  const amount = f.type === "flat" ? formatCents(f.amount_cents) : `${f.percent}% of the month's rent`;
  const max = f.max_cents !== null ? `, at most ${formatCents(f.max_cents)}` : "";
  return `${amount} after ${lease.grace_days} grace days${max}`;
}

/** A lease as its View dialog shows it: terms, people, units, money, history of its charges, pets. */
export function LeaseView({
  leaseId,
  onClose,
  onEdit,
}: {
  leaseId: string;
  onClose(): void;
  onEdit?: (() => void) | undefined;
}) {
  const queryClient = useQueryClient();
  const refresh = useRefreshRecords();
  const query = useQuery({ queryKey: leaseQueryKey(leaseId), queryFn: () => getLease(leaseId) });
  /** The form open in place of the view: move-in, notice, renewal offer or move-out. */
  const [acting, setActing] = useState<"move-in" | "notice" | "renewal" | "move-out" | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const lease = query.data;
  if (!lease)
    return query.isError ? <Alert>{leaseMessages.loadFailed}</Alert> : <Spinner label="Loading the lease..." />;

  const changed = (message: string) => {
    toast({ title: message, tone: "success" });
    setActing(null);
    void queryClient.invalidateQueries({ queryKey: leaseQueryKey(leaseId) });
    void queryClient.invalidateQueries({ queryKey: renewalOffersKey(leaseId) });
    void queryClient.invalidateQueries({ queryKey: moveOutKey(leaseId) });
    void queryClient.invalidateQueries({ queryKey: leaseLedgerKey(leaseId) });
    // The lease's status and balance, its units' occupancy, its tenants' status.
    void refresh();
  };
  const cancel = () => setActing(null);
  if (acting === "move-in") return <MoveInForm lease={lease} onCancel={cancel} onDone={changed} />;
  if (acting === "notice") return <NoticeForm lease={lease} onCancel={cancel} onDone={changed} />;
  if (acting === "renewal") return <RenewalOfferForm lease={lease} onCancel={cancel} onDone={changed} />;
  if (acting === "move-out") return <MoveOutForm lease={lease} onCancel={cancel} onDone={changed} />;

  const canAct = Boolean(onEdit);
  const open = lease.status === "active" || lease.status === "notice";
  const withdraw = async () => {
    setWithdrawing(true);
    try {
      await withdrawNotice(lease.id);
      changed("Notice withdrawn: the lease is active again");
    } catch {
      toast({ title: "The notice could not be withdrawn. Please try again.", tone: "error" });
    } finally {
      setWithdrawing(false);
    }
  };

  const items = [
    { label: "Status", value: <LeaseStatusBadge status={lease.status} /> },
    { label: "Property", value: lease.property_name },
    { label: "Units", value: lease.unit_names },
    { label: "Term", value: LEASE_TERM_LABELS[lease.term] },
    {
      label: "Dates",
      value: `${formatDate(lease.start_date)} to ${lease.end_date ? formatDate(lease.end_date) : "month-to-month"}`,
    },
    { label: "Moved In", value: lease.moved_in_on ? formatDate(lease.moved_in_on) : "Not yet" },
    ...(lease.notice_given_on ? [{ label: "Notice Given", value: formatDate(lease.notice_given_on) }] : []),
    ...(lease.move_out_date
      ? [{ label: lease.moved_out_on ? "Moved Out" : "Move-out Date", value: formatDate(lease.move_out_date) }]
      : []),
    { label: "Rent", value: `${formatCents(lease.rent_cents)} a month, due on day ${lease.due_day}` },
    { label: "Security Deposit", value: formatCents(lease.deposit_cents) },
    { label: "Late Fee", value: lateFeeText(lease) },
    {
      label: "Balance",
      value: lease.balance_cents < 0 ? `${formatCents(-lease.balance_cents)} credit` : formatCents(lease.balance_cents),
    },
  ];
  return (
    <RecordView items={items} onClose={onClose} onEdit={onEdit}>
      {lease.status === "pending" && onEdit ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-sky-50 p-3 text-sm dark:bg-sky-950">
          <span>Not moved in yet: no rent is charged until move-in.</span>
          <Button onPress={() => setActing("move-in")}>Move In</Button>
        </div>
      ) : null}
      {open && canAct ? (
        <div className="flex flex-wrap items-center gap-2">
          {lease.status === "active" ? (
            <Button variant="secondary" onPress={() => setActing("notice")}>
              Record Notice
            </Button>
          ) : (
            <Button variant="secondary" isPending={withdrawing} onPress={() => void withdraw()}>
              Withdraw Notice
            </Button>
          )}
          <Button variant="secondary" onPress={() => setActing("renewal")}>
            Offer Renewal
          </Button>
          <Button onPress={() => setActing("move-out")}>Move Out</Button>
        </div>
      ) : null}
      {lease.status === "ended" && lease.moved_out_on ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3 text-sm dark:bg-slate-900">
          <span>Moved out on {formatDate(lease.moved_out_on)}.</span>
          <a
            className="font-medium text-sky-800 underline dark:text-sky-300"
            href={depositStatementUrl(lease.id)}
            download
          >
            Download Deposit Statement (PDF)
          </a>
        </div>
      ) : null}
      <RenewalOffers leaseId={lease.id} canDecide={canAct && open} onDecided={changed} />
      <ReadOnlyTable
        caption="Tenants"
        rows={lease.parties}
        columns={[
          { header: "Name", cell: (p) => p.name },
          { header: "Role", cell: (p) => LEASE_PARTY_ROLE_LABELS[p.role] },
          {
            header: "Status",
            cell: (p) => TENANT_STATUS_LABELS[p.tenant_status as TenantStatus] ?? p.tenant_status,
          },
          {
            header: "Resident Portal",
            cell: (p) => RESIDENT_PORTAL_LABELS[p.resident_portal],
          },
          ...(canAct
            ? [
                {
                  header: "Resident portal",
                  hideHeader: true,
                  cell: (p: Lease["parties"][number]) =>
                    p.email ? <InviteResidentButton leaseId={lease.id} tenantId={p.tenant_id} name={p.name} /> : null,
                },
              ]
            : []),
        ]}
      />
      <ReadOnlyTable
        caption="Monthly charges"
        rows={lease.recurring_charges}
        columns={[
          { header: "Charge", cell: (c) => c.description || RECURRING_CHARGE_KIND_LABELS[c.kind] },
          { header: "Amount", align: "right", cell: (c) => formatCents(c.amount_cents) },
          { header: "From", cell: (c) => formatDate(c.start_date) },
          { header: "To", cell: (c) => (c.end_date ? formatDate(c.end_date) : "Open") },
        ]}
      />
      {lease.moved_in_on ? <LeaseLedgerPanel leaseId={lease.id} canPost={Boolean(onEdit)} /> : null}
      {lease.pets.length ? (
        <ReadOnlyTable
          caption="Pets"
          rows={lease.pets}
          columns={[
            {
              header: "Pet",
              cell: (p) =>
                `${PET_KIND_LABELS[p.kind]}${p.name ? `: ${p.name}` : ""}${p.assistance_animal ? " (assistance animal)" : ""}`,
            },
            { header: "Breed", cell: (p) => p.breed ?? "" },
            { header: "Weight", cell: (p) => (p.weight_lbs ? `${p.weight_lbs} lbs` : "") },
            { header: "Deposit", align: "right", cell: (p) => formatCents(p.pet_deposit_cents) },
            { header: "Pet rent", align: "right", cell: (p) => formatCents(p.pet_rent_cents) },
          ]}
        />
      ) : null}
    </RecordView>
  );
}
