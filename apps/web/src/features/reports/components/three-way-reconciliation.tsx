import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import type { ThreeWayAccount } from "@keyholder/contracts/three-way-reconciliation";
import { Badge } from "../../../components/ui/badge.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type ThreeWayParams, threeWayQuery } from "../api/get-three-way.ts";
import { KeyFigures } from "./key-figures.tsx";
import { ReportScreen } from "./report-screen.tsx";

type Line = { label: string; cents: number | null; total?: true };
const columns: ReadOnlyColumn<Line>[] = [
  { header: "", cell: (l) => l.label },
  { header: "Amount", align: "right", cell: (l) => (l.cents === null ? "–" : formatCents(l.cents)) },
];

/** One trust account: its three sides, each property's money, the differences. */
function Account({ a }: { a: ThreeWayAccount }) {
  const lines: Line[] = [
    { label: "Bank statement balance", cents: a.statement_balance_cents },
    { label: "Deposits in transit", cents: a.deposits_in_transit_cents },
    { label: "Outstanding payments", cents: a.outstanding_payments_cents },
    { label: "Adjusted bank balance", cents: a.adjusted_bank_cents, total: true },
    { label: "Book balance (trust cash)", cents: a.book_cents, total: true },
    ...a.clients.map((c) => ({ label: `${c.property.name}${c.cents < 0 ? " (below zero)" : ""}`, cents: c.cents })),
    ...(a.unassigned_cents ? [{ label: "Money of no property", cents: a.unassigned_cents }] : []),
    { label: "Client ledgers (properties)", cents: a.clients_cents, total: true },
    { label: "Bank less books", cents: a.bank_difference_cents },
    { label: "Books less clients", cents: a.client_difference_cents },
  ];
  return (
    <section aria-label={a.bank_account.name} className="flex flex-col gap-2">
      <h3 className="flex flex-wrap items-center gap-2 font-semibold text-slate-800 dark:text-slate-100">
        {a.bank_account.name}
        <Badge tone={a.balanced ? "positive" : "warning"}>
          {a.balanced ? "Reconciled three ways" : "Not reconciled"}
        </Badge>
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {a.statement_end_date
          ? `Statement of ${a.statement_end_date}`
          : "No completed reconciliation yet: the books and the properties on the report's day."}
        {a.negative_properties ? ` ${countOf(a.negative_properties, "property", "properties")} below zero.` : ""}
      </p>
      <ReadOnlyTable<Line>
        label={`${a.bank_account.name}, three ways`}
        columns={columns}
        rows={lines}
        isTotal={(l) => l.total === true}
      />
    </section>
  );
}

/**
 * Reports > Financial > Three-way reconciliation: each trust account on its last reconciliation by
 * a day: the bank's balance with items in transit, the books' trust cash, each property's money in
 * it, which must agree and none be below zero.
 */
export function ThreeWayReconciliation({
  params,
  onParamsChange,
}: {
  params: ThreeWayParams;
  onParamsChange(params: ThreeWayParams): void;
}) {
  const query = { as_of: params.as_of };
  return (
    <ReportScreen
      report="three-way-reconciliation"
      address={query}
      query={threeWayQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ as_of: change.as_of ?? query.as_of })}
      byProperty={false}
      loading="the trust accounts"
      status={(data) => (
        <>
          {countOf(data.accounts.length, "trust account")} on their last reconciliation by {data.as_of}
        </>
      )}
    >
      {(data) => (
        <>
          <KeyFigures
            label="Key figures"
            figures={[
              { label: "Trust accounts", value: data.accounts.length.toLocaleString("en-US") },
              {
                label: "Reconciled three ways",
                value: data.accounts.filter((a) => a.balanced).length.toLocaleString("en-US"),
              },
              {
                label: "Properties below zero",
                value: data.accounts.reduce((s, a) => s + a.negative_properties, 0).toLocaleString("en-US"),
              },
            ]}
          />
          {data.accounts.length ? (
            data.accounts.map((a) => <Account key={a.bank_account.id} a={a} />)
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              The organization has no trust bank account (Accounting &gt; Bank Accounts).
            </p>
          )}
        </>
      )}
    </ReportScreen>
  );
}
