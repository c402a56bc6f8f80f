import { LEASE_PARTY_ROLE_LABELS, LEASE_STATUS_LABELS, type LeaseStatus } from "@keyholder/contracts/leases";
import { formatCents } from "@keyholder/contracts/money";
import { RESPONSIBLE_PARTY_ROLES, type TenantLease, type TenantRow } from "@keyholder/contracts/tenants";
import { useQuery } from "@tanstack/react-query";
import { useContext } from "react";
import { useInPlaceRecords } from "../../../components/record-picker/use-in-place-records.tsx";
import { Alert } from "../../../components/ui/alert.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { formatCivilDate } from "../../../lib/civil-date.ts";
import { InPlaceRecordsContext } from "../../../lib/in-place-records.ts";
import { tenantLeasesQuery } from "../api/get-tenant-leases.ts";

/** Tenants > Leases, whose dialogs open over this page (features never import each other). */
const LEASES = { category: "Tenants", item: "Leases" };
const owedClass = "font-semibold text-red-700 dark:text-red-300";

// The leases grid's tones for a lease's status.
const STATUS_TONES = {
  pending: "info",
  active: "positive",
  notice: "warning",
  ended: "neutral",
  canceled: "neutral",
} as const satisfies Record<LeaseStatus, "neutral" | "info" | "positive" | "warning">;

const isOver = (l: TenantLease) => l.status === "ended" || l.status === "canceled";
const owes = (l: TenantLease) => l.balance_cents > 0 && (RESPONSIBLE_PARTY_ROLES as readonly string[]).includes(l.role);

function dates(l: TenantLease) {
  const end = l.move_out_date ?? l.end_date;
  const from = formatCivilDate(l.start_date);
  return end ? `${from} to ${formatCivilDate(end)}` : `${from}, month-to-month`;
}

/** What the tenant owes over their leases, said in words: owed, in credit, or nothing. */
function Summary({ leases, balance }: { leases: TenantLease[]; balance: number }) {
  const left = leases.filter((l) => isOver(l) && owes(l));
  const leftCents = left.reduce((sum, l) => sum + l.balance_cents, 0);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm" data-testid="tenant-balance">
        {balance > 0 ? (
          <>
            Balance owed: <span className={owedClass}>{formatCents(balance)}</span>
          </>
        ) : balance < 0 ? (
          <>Credit: {formatCents(-balance)}</>
        ) : (
          <>Nothing owed</>
        )}
      </p>
      {left.length ? (
        <Alert>
          {`${formatCents(leftCents)} is still owed on ${left.length === 1 ? "an ended lease" : `${left.length} ended leases`}: it stays collectible after move-out.`}
        </Alert>
      ) : null}
    </div>
  );
}

/**
 * A tenant's leases on their page (issue 27 items 7 and 13): each with its status, units, dates and
 * balance (an unpaid one left on an ended lease flagged as owed), what they owe over all of them, and
 * each lease's View opened in place; New Lease opens Tenants > Leases' Add with them as its primary
 * tenant. Only for a role that sees the books.
 */
export function TenantLeases({ tenant }: { tenant: Pick<TenantRow, "id" | "name"> }) {
  const can = useContext(InPlaceRecordsContext)?.can ?? (() => false);
  const inPlace = useInPlaceRecords();
  const allowed = can("ledger.view");
  const leases = useQuery({ ...tenantLeasesQuery(tenant.id), enabled: allowed });
  if (!allowed) return null;
  const newLease = () =>
    inPlace.open(LEASES, { kind: "add", preset: { tenant: { id: tenant.id, value: tenant.name } } });
  return (
    <section aria-label="Leases" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-700 dark:text-slate-200">Leases</h3>
        {can("ledger.post") ? (
          <Button variant="secondary" onPress={newLease}>
            New Lease
          </Button>
        ) : null}
      </div>
      {leases.isPending ? <Spinner label="Loading the leases" /> : null}
      {leases.isError ? <Alert>Failed to load the leases. Please try again later.</Alert> : null}
      {leases.data ? (
        <>
          <Summary leases={leases.data.leases} balance={leases.data.balance_cents} />
          <ReadOnlyTable
            label="Leases"
            limitHeight
            empty="No leases yet."
            rows={leases.data.leases}
            rowKey={(l) => l.id}
            columns={[
              {
                header: "Lease",
                cell: (l) => (
                  <>
                    <button
                      type="button"
                      onClick={() => inPlace.open(LEASES, { kind: "show", id: l.id })}
                      className="rounded text-brand-700 underline outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-300"
                    >
                      Lease {l.lease_no}
                    </button>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {LEASE_PARTY_ROLE_LABELS[l.role]}
                    </span>
                  </>
                ),
              },
              {
                header: "Status",
                cell: (l) => <Badge tone={STATUS_TONES[l.status]}>{LEASE_STATUS_LABELS[l.status]}</Badge>,
              },
              {
                header: "Property and Units",
                cell: (l) => (
                  <>
                    {l.property_name}
                    {l.unit_names ? (
                      <span className="block text-xs text-slate-600 dark:text-slate-400">{l.unit_names}</span>
                    ) : null}
                  </>
                ),
              },
              { header: "Dates", cell: dates },
              { header: "Rent", align: "right", cell: (l) => formatCents(l.rent_cents) },
              {
                header: "Balance",
                align: "right",
                cell: (l) => (
                  <>
                    <span className={owes(l) ? owedClass : ""}>{formatCents(l.balance_cents)}</span>
                    {owes(l) && isOver(l) ? (
                      <span className="block">
                        <Badge tone="warning">Owed after move-out</Badge>
                      </span>
                    ) : null}
                  </>
                ),
              },
            ]}
          />
        </>
      ) : null}
      {inPlace.dialogs}
    </section>
  );
}
