import {
  agingBucketLabels,
  DELINQUENCY_TENANTS,
  type DelinquencyRow,
  delinquencyTenantLabels,
  leaseStandingLabels,
  type Delinquency as Report,
} from "@keyholder/contracts/delinquency";
import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { SelectField } from "../../../components/ui/select-field.tsx";
import { type DelinquencyParams, delinquencyQuery } from "../api/get-delinquency.ts";
import { KeyFigures } from "./key-figures.tsx";
import { LeaseLink } from "./lease-link.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = DelinquencyRow | { total: Report["totals"] };
type ChargeType = Report["by_charge_type"][number];

const money = (cents: number) => formatCents(cents);

function columnsOf(portfolio: boolean): ReadOnlyColumn<Line>[] {
  const of = (f: (r: DelinquencyRow) => string) => (l: Line) => ("total" in l ? "" : f(l));
  return [
    {
      header: "Tenant",
      cell: (l) =>
        "total" in l ? (
          `Total, ${countOf(l.total.leases, "lease")}`
        ) : (
          <LeaseLink lease={l.lease} tenants={l.tenant_names} />
        ),
    },
    { header: "Unit", cell: of((r) => r.unit_names) },
    ...(portfolio ? [{ header: "Property", cell: of((r) => r.property.name) }] : []),
    { header: "Status", cell: of((r) => leaseStandingLabels[r.standing]) },
    ...agingBucketLabels.map(
      (header, i): ReadOnlyColumn<Line> => ({
        header,
        align: "right",
        cell: (l) => money(("total" in l ? l.total.buckets_cents : l.buckets_cents)[i] ?? 0),
      }),
    ),
    { header: "Credits", align: "right", cell: (l) => money("total" in l ? l.total.credits_cents : l.credits_cents) },
    { header: "Net owed", align: "right", cell: (l) => money("total" in l ? l.total.net_cents : l.net_cents) },
    { header: "Oldest charge", cell: of((r) => r.oldest_due) },
  ];
}

const chargeTypeColumns: ReadOnlyColumn<ChargeType>[] = [
  { header: "Charge type", cell: (a) => `${a.account.code} ${a.account.name}` },
  ...agingBucketLabels.map(
    (header, i): ReadOnlyColumn<ChargeType> => ({
      header,
      align: "right",
      cell: (a) => money(a.buckets_cents[i] ?? 0),
    }),
  ),
  { header: "Owed", align: "right", cell: (a) => money(a.owed_cents) },
];

/**
 * Reports > Financial > Delinquency: on any day, what each lease owed of the charges due by then,
 * aged, less what it had paid ahead; current or past tenants, a property or all; by charge type.
 * The address keeps the parameters; downloads as CSV, Excel and PDF.
 */
export function Delinquency({
  params,
  onParamsChange,
}: {
  params: DelinquencyParams;
  onParamsChange(params: DelinquencyParams): void;
}) {
  const query = { as_of: params.as_of, property_id: params.property_id, tenants: params.tenants };
  return (
    <ReportScreen
      report="delinquency"
      address={query}
      query={delinquencyQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      fields={
        <SelectField
          label="Tenants"
          value={params.tenants ?? "all"}
          onChange={(v) =>
            onParamsChange({ ...query, tenants: v === "all" ? undefined : (v as DelinquencyParams["tenants"]) })
          }
          options={DELINQUENCY_TENANTS.map((v) => ({ value: v, label: delinquencyTenantLabels[v] }))}
        />
      }
      loading="delinquency"
      status={(data) => (
        <>
          Delinquency as of {data.as_of}
          {coveredBy(data)}: {countOf(data.totals.leases, "lease")} owing {formatCents(data.totals.net_cents)}
        </>
      )}
    >
      {(data) => {
        const t = data.totals;
        return (
          <>
            <KeyFigures
              label="Key figures"
              figures={[
                { label: "Net owed", value: formatCents(t.net_cents), note: countOf(t.leases, "lease") },
                ...agingBucketLabels.map((label, i) => ({ label, value: formatCents(t.buckets_cents[i] ?? 0) })),
                { label: "Credits netted", value: formatCents(t.credits_cents) },
              ]}
            />
            <BarChart
              title="Owed by age"
              bars={agingBucketLabels.map((label, i) => ({ label, value: t.buckets_cents[i] ?? 0 }))}
              format={formatCents}
            />
            {data.rows.length ? (
              <ReadOnlyTable<Line>
                caption="Delinquent leases"
                columns={columnsOf(data.property === null)}
                rows={[...data.rows, { total: t }]}
                rowKey={(l) => ("total" in l ? "total" : l.lease.id)}
                isTotal={(l) => "total" in l}
              />
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-200">Nobody owed anything due by {data.as_of}.</p>
            )}
            {data.by_charge_type.length ? (
              <ReadOnlyTable
                caption="By charge type"
                columns={chargeTypeColumns}
                rows={data.by_charge_type}
                rowKey={(a) => a.account.id}
              />
            ) : null}
          </>
        );
      }}
    </ReportScreen>
  );
}
