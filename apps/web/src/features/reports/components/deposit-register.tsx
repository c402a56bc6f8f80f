import { leaseStandingLabels } from "@keyholder/contracts/delinquency";
import type { DepositRegisterRow } from "@keyholder/contracts/deposit-register";
import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type DepositRegisterParams, depositRegisterQuery } from "../api/get-deposit-register.ts";
import { KeyFigures } from "./key-figures.tsx";
import { LeaseLink } from "./lease-link.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = DepositRegisterRow | { total: string; security: number | null; other: number | null; held: number };

function columnsOf(portfolio: boolean): ReadOnlyColumn<Line>[] {
  const money = (cents: number | null) => (cents === null ? "" : formatCents(cents));
  const of = (f: (r: DepositRegisterRow) => string) => (l: Line) => ("total" in l ? "" : f(l));
  return [
    {
      header: "Tenant",
      cell: (l) => ("total" in l ? l.total : <LeaseLink lease={l.lease} tenants={l.tenant_names} />),
    },
    { header: "Unit", cell: of((r) => r.unit_names) },
    ...(portfolio ? [{ header: "Property", cell: of((r) => r.property.name) }] : []),
    { header: "Status", cell: of((r) => leaseStandingLabels[r.standing]) },
    { header: "Security deposit", align: "right", cell: (l) => money("total" in l ? l.security : l.security_cents) },
    { header: "Other deposits", align: "right", cell: (l) => money("total" in l ? l.other : l.other_cents) },
    { header: "Held", align: "right", cell: (l) => money("total" in l ? l.held : l.held_cents) },
  ];
}

/**
 * Reports > Financial > Deposit register: what each lease had on deposit on a day, and what the
 * deposit accounts held on no lease, adding up to the deposits held on the balance sheet.
 */
export function DepositRegister({
  params,
  onParamsChange,
}: {
  params: DepositRegisterParams;
  onParamsChange(params: DepositRegisterParams): void;
}) {
  const query = { as_of: params.as_of, property_id: params.property_id };
  return (
    <ReportScreen
      report="deposit-register"
      address={query}
      query={depositRegisterQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      loading="the deposit register"
      status={(data) => (
        <>
          Deposits held as of {data.as_of}
          {coveredBy(data)}: {formatCents(data.totals.held_cents + data.not_on_a_lease_cents)}
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
                { label: "Deposits held", value: formatCents(t.held_cents + data.not_on_a_lease_cents) },
                { label: "Leases", value: t.leases.toLocaleString("en-US") },
                { label: "Security deposits", value: formatCents(t.security_cents) },
                { label: "Other deposits", value: formatCents(t.other_cents) },
                { label: "Held on no lease", value: formatCents(data.not_on_a_lease_cents) },
              ]}
            />
            {data.rows.length ? (
              <ReadOnlyTable<Line>
                caption="Deposits by lease"
                columns={columnsOf(data.property === null)}
                rows={[
                  ...data.rows,
                  {
                    total: `Total, ${countOf(t.leases, "lease")}`,
                    security: t.security_cents,
                    other: t.other_cents,
                    held: t.held_cents,
                  },
                  { total: "Held on no lease", security: null, other: null, held: data.not_on_a_lease_cents },
                  {
                    total: "Deposits held",
                    security: null,
                    other: null,
                    held: t.held_cents + data.not_on_a_lease_cents,
                  },
                ]}
                rowKey={(l) => ("total" in l ? l.total : l.lease.id)}
                isTotal={(l) => "total" in l && l.total !== "Held on no lease"}
              />
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-200">No lease held a deposit on {data.as_of}.</p>
            )}
          </>
        );
      }}
    </ReportScreen>
  );
}
