import { formatCents } from "@keyholder/contracts/money";
import {
  RENT_ROLL_FIGURE_LABELS,
  RENT_ROLL_SECTIONS,
  type RentRollRow,
  type RentRoll as Roll,
  rentRollFigures,
  rentRollSectionLabels,
  sumRentRollFigures,
} from "@keyholder/contracts/rent-roll";
import { countOf, percentOf } from "@keyholder/contracts/reports";
import { BarChart } from "../../../components/charts/bar-chart.tsx";
import { type ReadOnlyColumn, ReadOnlyTable } from "../../../components/ui/read-only-table.tsx";
import { type RentRollParams, rentRollQuery } from "../api/get-rent-roll.ts";
import { KeyFigures } from "./key-figures.tsx";
import { LeaseLink } from "./lease-link.tsx";
import { coveredBy, ReportScreen } from "./report-screen.tsx";

type Line = RentRollRow | { total: string; rows: RentRollRow[] };

const figuresOf = (l: Line) => ("total" in l ? sumRentRollFigures(l.rows) : rentRollFigures(l));
const row = (f: (r: RentRollRow) => string | number | null) => (l: Line) => ("total" in l ? "" : (f(l) ?? ""));

function columnsOf(portfolio: boolean): ReadOnlyColumn<Line>[] {
  return [
    { header: "Unit", cell: (l) => ("total" in l ? l.total : l.unit_names) },
    ...(portfolio ? [{ header: "Property", cell: row((r) => r.property.name) }] : []),
    {
      header: "Tenant",
      cell: (l) =>
        "total" in l ? (
          ""
        ) : l.lease ? (
          <LeaseLink lease={l.lease} tenants={l.tenant_names} />
        ) : (
          <span className="font-semibold text-slate-600 dark:text-slate-300">VACANT</span>
        ),
    },
    ...RENT_ROLL_FIGURE_LABELS.map(
      (header, i): ReadOnlyColumn<Line> => ({
        header,
        align: "right",
        cell: (l) => {
          const cents = figuresOf(l)[i];
          return cents === null || cents === undefined ? "" : formatCents(cents);
        },
      }),
    ),
    { header: "Lease start", cell: row((r) => r.start_date) },
    { header: "Lease end", cell: row((r) => r.end_date ?? (r.lease ? "Month-to-month" : null)) },
    {
      header: "Move-out or days vacant",
      cell: row((r) =>
        r.section === "notice" ? r.move_out_date : r.section === "vacant" ? (r.days_vacant ?? "Never leased") : null,
      ),
    },
  ];
}

function Figures({ roll }: { roll: Roll }) {
  const t = roll.totals;
  return (
    <KeyFigures
      label="Key figures"
      figures={[
        { label: "Units", value: t.units.toLocaleString("en-US") },
        { label: "Occupied", value: percentOf(t.occupied, t.units), note: countOf(t.occupied, "unit") },
        { label: "On notice", value: t.notice.toLocaleString("en-US") },
        { label: "Vacant", value: t.vacant.toLocaleString("en-US"), note: percentOf(t.vacant, t.units) },
        {
          label: "Monthly rent",
          value: formatCents(t.rent_cents),
          note: t.market_rent_cents ? `market ${formatCents(t.market_rent_cents)}` : undefined,
        },
        { label: "Balances owed", value: formatCents(t.balance_cents) },
      ]}
    />
  );
}

/**
 * Reports > Occupancy > Rent roll: every unit on a day, past or present, of the organization or a
 * property, in sections (current, on notice, vacant) with subtotals; each tenant opens their lease.
 * The address keeps the day and property; downloads as CSV, Excel and PDF.
 */
export function RentRoll({
  params,
  onParamsChange,
}: {
  params: RentRollParams;
  onParamsChange(params: RentRollParams): void;
}) {
  const query = { as_of: params.as_of, property_id: params.property_id };
  return (
    <ReportScreen
      report="rent-roll"
      address={query}
      query={rentRollQuery(query)}
      params={params}
      onChange={(change) => onParamsChange({ ...query, ...change })}
      loading="the rent roll"
      status={(data) => (
        <>
          Rent roll as of {data.as_of}
          {coveredBy(data)}: {countOf(data.totals.units, "unit")}
        </>
      )}
    >
      {(data) => (
        <>
          <Figures roll={data} />
          <BarChart
            title="Current, on notice and vacant"
            bars={RENT_ROLL_SECTIONS.map((section) => ({
              label: rentRollSectionLabels[section],
              value: data.rows.filter((r) => r.section === section).length,
            }))}
            format={(n) => n.toLocaleString("en-US")}
          />
          {RENT_ROLL_SECTIONS.map((section) => {
            const rows = data.rows.filter((r) => r.section === section);
            if (!rows.length) return null;
            const label = rentRollSectionLabels[section];
            return (
              <ReadOnlyTable<Line>
                key={section}
                caption={`${label} (${rows.length})`}
                columns={columnsOf(data.property === null)}
                rows={[...rows, { total: `Total ${label.toLowerCase()}`, rows }]}
                rowKey={(l, i) => ("total" in l ? "total" : `${l.lease?.id ?? l.unit_names}-${i}`)}
                isTotal={(l) => "total" in l}
              />
            );
          })}
          <p className="text-sm text-slate-700 dark:text-slate-200">
            Leases not on the roll (ended, or not started) owed {formatCents(data.other_leases_balance_cents)} that day;
            with the roll, the tenants' balances were{" "}
            {formatCents(data.totals.balance_cents + data.other_leases_balance_cents)}.
          </p>
        </>
      )}
    </ReportScreen>
  );
}
