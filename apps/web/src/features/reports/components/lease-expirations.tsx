import { type LeaseExpiration, renewalStandingLabels } from "@keyholder/contracts/lease-expirations";
import { RENEWAL_WINDOWS } from "@keyholder/contracts/lease-lifecycle";
import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { type LeaseExpirationsParams, leaseExpirationsQuery } from "../api/get-lease-expirations.ts";
import { KeyFigures } from "./key-figures.tsx";
import { LeaseLink } from "./lease-link.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

function columnsOf(portfolio: boolean): ReadOnlyColumn<LeaseExpiration>[] {
  return [
    { header: "Tenant", cell: (r) => <LeaseLink lease={r.lease} tenants={r.tenant_names} /> },
    { header: "Unit", cell: (r) => r.unit_names },
    ...(portfolio ? [{ header: "Property", cell: (r: LeaseExpiration) => r.property.name }] : []),
    { header: "Lease end", cell: (r) => r.end_date },
    { header: "Days left", align: "right", cell: (r) => r.days_left },
    { header: "Rent", align: "right", cell: (r) => formatCents(r.rent_cents) },
    {
      header: "Renewal",
      cell: (r) =>
        r.renewal === "notice" && r.move_out_date
          ? `${renewalStandingLabels.notice}, leaving ${r.move_out_date}`
          : r.offered_rent_cents !== null && r.renewal !== "none"
            ? `${renewalStandingLabels[r.renewal]} at ${formatCents(r.offered_rent_cents)}`
            : renewalStandingLabels[r.renewal],
    },
  ];
}

/**
 * Reports > Occupancy > Lease expirations: the fixed-term leases ending within 30, 60, 90 or 120
 * days of a day, soonest first, with where each renewal stands (offer out, declined, notice given),
 * and how many end in each window. The address keeps the parameters; downloads in three formats.
 */
export function LeaseExpirations({
  params,
  onParamsChange,
}: {
  params: LeaseExpirationsParams;
  onParamsChange(params: LeaseExpirationsParams): void;
}) {
  const query = { as_of: params.as_of, property_id: params.property_id, days: params.days };
  const address = { ...query, days: query.days?.toString() };
  return (
    <ReportScreen
      report="lease-expirations"
      address={address}
      query={leaseExpirationsQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      fields={
        <SelectField
          label="Ending within"
          value={String(params.days ?? 90)}
          onChange={(v) => onParamsChange({ ...query, days: Number(v) === 90 ? undefined : Number(v) })}
          options={RENEWAL_WINDOWS.map((d) => ({ value: String(d), label: `${d} days` }))}
        />
      }
      loading="lease expirations"
      status={(data) => (
        <>
          {countOf(data.rows.length, "lease")} ending from {data.as_of} to {data.through}
          {coveredBy(data)}
        </>
      )}
    >
      {(data) => (
        <>
          <KeyFigures
            label="Key figures"
            figures={data.windows.map((w) => ({
              label: `Within ${w.days} days`,
              value: w.leases.toLocaleString("en-US"),
              note: `${formatCents(w.rent_cents)} rent`,
            }))}
          />
          <BarChart
            title="Leases ending"
            bars={data.windows.map((w) => ({ label: `${w.days} days`, value: w.leases }))}
            format={(n) => n.toLocaleString("en-US")}
          />
          {data.rows.length ? (
            <ReadOnlyTable
              caption="Leases ending"
              columns={columnsOf(data.property === null)}
              rows={data.rows}
              rowKey={(r) => r.lease.id}
            />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-200">No fixed-term lease ends by {data.through}.</p>
          )}
        </>
      )}
    </ReportScreen>
  );
}
