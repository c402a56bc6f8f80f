import { MAINTENANCE_CATEGORY_LABELS } from "@keyholder/contracts/maintenance";
import { type CostFigures, VENDORLESS_LABEL } from "@keyholder/contracts/maintenance-reports";
import { formatCents } from "@keyholder/contracts/money";
import { countOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type MaintenanceCostParams, maintenanceCostQuery } from "../api/get-maintenance-cost.ts";
import { KeyFigures } from "./key-figures.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = CostFigures & { label: string; total?: true };

const columnsOf = (first: string): ReadOnlyColumn<Line>[] => [
  { header: first, cell: (l) => l.label },
  { header: "Requests", align: "right", cell: (l) => l.requests.toLocaleString("en-US") },
  { header: "Labor", align: "right", cell: (l) => formatCents(l.labor_cents) },
  { header: "Material", align: "right", cell: (l) => formatCents(l.material_cents) },
  { header: "Other", align: "right", cell: (l) => formatCents(l.other_cents) },
  { header: "Total", align: "right", cell: (l) => formatCents(l.total_cents) },
  { header: "Billable to residents", align: "right", cell: (l) => formatCents(l.billable_cents) },
];

/** One grouping of the costs with the total under it. */
function CostTable({
  caption,
  first,
  lines,
  total,
}: {
  caption: string;
  first: string;
  lines: Line[];
  total: CostFigures;
}) {
  return (
    <ReadOnlyTable<Line>
      caption={caption}
      columns={columnsOf(first)}
      rows={[...lines, { ...total, label: "Total", total: true }]}
      isTotal={(l) => l.total === true}
    />
  );
}

/**
 * Reports > Maintenance > Maintenance cost: what the work of a span of days cost, by property,
 * category and vendor (labor, material, other; what is billable to residents). The address keeps
 * the parameters; downloads as CSV, Excel and PDF.
 */
export function MaintenanceCost({
  params,
  onParamsChange,
}: {
  params: MaintenanceCostParams;
  onParamsChange(params: MaintenanceCostParams): void;
}) {
  const query = { from: params.from, to: params.to, property_id: params.property_id };
  return (
    <ReportScreen
      report="maintenance-cost"
      address={query}
      query={maintenanceCostQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      span="year"
      loading="maintenance cost"
      status={(data) => (
        <>
          Work from {data.from} to {data.to}
          {coveredBy(data)}: {formatCents(data.total.total_cents)} on {countOf(data.total.requests, "request")}
        </>
      )}
    >
      {(data) => {
        const t = data.total;
        return (
          <>
            <KeyFigures
              label="Key figures"
              figures={[
                { label: "Total", value: formatCents(t.total_cents), note: countOf(t.requests, "request") },
                { label: "Labor", value: formatCents(t.labor_cents) },
                { label: "Material", value: formatCents(t.material_cents) },
                { label: "Other", value: formatCents(t.other_cents) },
                { label: "Billable to residents", value: formatCents(t.billable_cents) },
              ]}
            />
            {t.requests ? (
              <>
                <BarChart
                  title="Cost by category"
                  bars={data.by_category.map((c) => ({
                    label: MAINTENANCE_CATEGORY_LABELS[c.category],
                    value: c.total_cents,
                  }))}
                  format={formatCents}
                />
                <CostTable
                  caption="By property"
                  first="Property"
                  lines={data.by_property.map((p) => ({ ...p, label: p.property.name }))}
                  total={t}
                />
                <CostTable
                  caption="By category"
                  first="Category"
                  lines={data.by_category.map((c) => ({ ...c, label: MAINTENANCE_CATEGORY_LABELS[c.category] }))}
                  total={t}
                />
                <CostTable
                  caption="By vendor"
                  first="Vendor"
                  lines={data.by_vendor.map((v) => ({ ...v, label: v.vendor?.name ?? VENDORLESS_LABEL }))}
                  total={t}
                />
              </>
            ) : (
              <p className="text-sm text-slate-700 dark:text-slate-200">
                No cost was recorded for work from {data.from} to {data.to}.
              </p>
            )}
          </>
        );
      }}
    </ReportScreen>
  );
}
