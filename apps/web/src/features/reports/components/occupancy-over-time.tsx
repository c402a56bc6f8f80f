import { monthName, shortMonthName } from "@keyholder/contracts/civil-date";
import { formatCents } from "@keyholder/contracts/money";
import type { OccupancyFigures, OccupancyReport } from "@keyholder/contracts/occupancy-report";
import { percentOf, sharePercent } from "@keyholder/contracts/reports";
import { LineChart } from "../../../components/charts/line-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type OccupancyParams, occupancyQuery } from "../api/get-occupancy.ts";
import { KeyFigures } from "./key-figures.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = OccupancyFigures & { label: string };
/** The last month's figures (a span has at least one month). */
const lastOf = (o: OccupancyReport): OccupancyReport["months"][number] =>
  o.months.at(-1) ?? { day: o.to, units: 0, occupied: 0, market_rent_cents: 0, rent_charged_cents: 0 };
const count = (n: number) => n.toLocaleString("en-US");
const columnsOf = (first: string): ReadOnlyColumn<Line>[] => [
  { header: first, cell: (l) => l.label },
  { header: "Units", align: "right", cell: (l) => count(l.units) },
  { header: "Occupied", align: "right", cell: (l) => count(l.occupied) },
  { header: "Vacant", align: "right", cell: (l) => count(l.units - l.occupied) },
  { header: "Physical", align: "right", cell: (l) => percentOf(l.occupied, l.units) },
  { header: "Market rent", align: "right", cell: (l) => formatCents(l.market_rent_cents) },
  { header: "Rent charged", align: "right", cell: (l) => formatCents(l.rent_charged_cents) },
  { header: "Economic", align: "right", cell: (l) => percentOf(l.rent_charged_cents, l.market_rent_cents) },
];

type Vacant = OccupancyReport["vacant_longest"][number];
const vacantColumns = (portfolio: boolean): ReadOnlyColumn<Vacant>[] => [
  { header: "Unit", cell: (v) => v.unit_number },
  ...(portfolio ? [{ header: "Property", cell: (v: Vacant) => v.property.name }] : []),
  { header: "Vacant since", cell: (v) => v.vacant_since ?? "Never leased" },
  { header: "Days vacant", align: "right", cell: (v) => (v.days_vacant === null ? "" : count(v.days_vacant)) },
  {
    header: "Market rent",
    align: "right",
    cell: (v) => (v.market_rent_cents === null ? "" : formatCents(v.market_rent_cents)),
  },
];

/**
 * Reports > Occupancy > Occupancy over time: month by month, the units leases held (physical
 * occupancy) and the rent charged against market rent (economic occupancy), as a trend and a table;
 * by property on the last day; the units vacant longest. The address keeps the parameters.
 */
export function OccupancyOverTime({
  params,
  onParamsChange,
}: {
  params: OccupancyParams;
  onParamsChange(params: OccupancyParams): void;
}) {
  const query = { from: params.from, to: params.to, property_id: params.property_id };
  return (
    <ReportScreen
      report="occupancy"
      address={query}
      query={occupancyQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      span="twelve-months"
      loading="occupancy"
      status={(data) => {
        const last = lastOf(data);
        return (
          <>
            Occupancy from {data.from} to {data.to}
            {coveredBy(data)}: {percentOf(last.occupied, last.units)} on {last.day}
          </>
        );
      }}
    >
      {(data) => {
        const last = lastOf(data);
        return (
          <>
            <KeyFigures
              label="Key figures"
              figures={[
                { label: "Physical occupancy", value: percentOf(last.occupied, last.units), note: `on ${last.day}` },
                {
                  label: "Economic occupancy",
                  value: percentOf(last.rent_charged_cents, last.market_rent_cents),
                  note: monthName(last.day),
                },
                { label: "Units", value: count(last.units) },
                { label: "Vacant", value: count(last.units - last.occupied) },
              ]}
            />
            <LineChart
              title="Occupancy by month"
              labels={data.months.map((m) => shortMonthName(m.day))}
              series={[
                { name: "Physical", values: data.months.map((m) => sharePercent(m.occupied, m.units)) },
                {
                  name: "Economic",
                  values: data.months.map((m) => sharePercent(m.rent_charged_cents, m.market_rent_cents)),
                  dashed: true,
                },
              ]}
              format={(v) => `${v}%`}
            />
            <ReadOnlyTable
              caption="By month"
              columns={columnsOf("Month end")}
              rows={data.months.map((m) => ({ ...m, label: m.day }))}
            />
            <ReadOnlyTable
              caption={`By property on ${data.to}`}
              columns={columnsOf("Property")}
              rows={data.by_property.map((p) => ({ ...p, label: p.property.name }))}
            />
            <ReadOnlyTable
              caption={`Vacant longest on ${data.to}`}
              columns={vacantColumns(data.property === null)}
              rows={data.vacant_longest}
              rowKey={(v) => v.unit_id}
              empty={`No unit was vacant on ${data.to}.`}
            />
          </>
        );
      }}
    </ReportScreen>
  );
}
