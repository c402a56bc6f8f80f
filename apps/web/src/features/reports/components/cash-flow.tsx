import type { CashFlow as Report } from "@keyholder/contracts/cash-flow";
import { formatCents } from "@keyholder/contracts/money";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type CashFlowParams, cashFlowQuery } from "../api/get-cash-flow.ts";
import { KeyFigures } from "./key-figures.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = { label: string; in_cents: number | null; out_cents: number | null; net_cents: number; total?: true };
const money = (cents: number | null) => (cents ? formatCents(cents) : "");
const columns: ReadOnlyColumn<Line>[] = [
  { header: "Account", cell: (l) => l.label },
  { header: "In", align: "right", cell: (l) => money(l.in_cents) },
  { header: "Out", align: "right", cell: (l) => money(l.out_cents) },
  { header: "Net", align: "right", cell: (l) => formatCents(l.net_cents) },
];

/** The sections that moved cash, each a table of its accounts and its net. */
function Sections({ data }: { data: Report }) {
  return data.sections
    .filter((s) => s.flows.length)
    .map((s) => (
      <ReadOnlyTable<Line>
        key={s.label}
        caption={s.label}
        columns={columns}
        rows={[
          ...s.flows.map((f) => ({ ...f, label: `${f.account.code} ${f.account.name}` })),
          { label: "Net", in_cents: null, out_cents: null, net_cents: s.net_cents, total: true },
        ]}
        isTotal={(l) => l.total === true}
      />
    ));
}

/**
 * Reports > Financial > Cash flow: the cash at the start of a span, what came in and went out
 * through each account by section, and the cash at the end. The address keeps the parameters.
 */
export function CashFlow({
  params,
  onParamsChange,
}: {
  params: CashFlowParams;
  onParamsChange(params: CashFlowParams): void;
}) {
  const query = { from: params.from, to: params.to, property_id: params.property_id };
  return (
    <ReportScreen
      report="cash-flow"
      address={query}
      query={cashFlowQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      span="month"
      loading="the cash flow"
      status={(data) => (
        <>
          Cash flow from {data.from} to {data.to}
          {coveredBy(data)}: {formatCents(data.beginning_cents)} to {formatCents(data.ending_cents)}
        </>
      )}
    >
      {(data) => (
        <>
          <KeyFigures
            label="Key figures"
            figures={[
              { label: "Cash at the start", value: formatCents(data.beginning_cents), note: data.from },
              { label: "Net change", value: formatCents(data.net_change_cents) },
              { label: "Cash at the end", value: formatCents(data.ending_cents), note: data.to },
            ]}
          />
          <BarChart
            title="Net cash by section"
            bars={data.sections.map((s) => ({ label: s.label.split(":")[0] ?? s.label, value: s.net_cents }))}
            format={formatCents}
          />
          {data.sections.some((s) => s.flows.length) ? (
            <Sections data={data} />
          ) : (
            <p className="text-sm text-slate-700 dark:text-slate-200">
              No cash came in or went out from {data.from} to {data.to}.
            </p>
          )}
          <ReadOnlyTable
            caption="Cash accounts"
            columns={[
              { header: "Account", cell: (c) => `${c.account.code} ${c.account.name}` },
              { header: `Start (${data.from})`, align: "right", cell: (c) => formatCents(c.beginning_cents) },
              { header: `End (${data.to})`, align: "right", cell: (c) => formatCents(c.ending_cents) },
            ]}
            rows={data.cash}
            rowKey={(c) => c.account.id}
            empty="No cash account held money in the span."
          />
        </>
      )}
    </ReportScreen>
  );
}
