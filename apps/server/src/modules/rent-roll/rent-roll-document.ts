import { type RentRoll, type RentRollRow, rentRollSectionLabels } from "@keyholder/contracts/rent-roll";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";

type Figures = Pick<
  RentRollRow,
  "market_rent_cents" | "rent_cents" | "other_charges_cents" | "deposits_held_cents" | "balance_cents"
>;

/** The rent roll as a table to download: a section each (current, on notice, vacant) with its subtotal, then the totals. */
export function rentRollDocument(roll: RentRoll): ReportDocument {
  const portfolio = roll.property === null;
  const columns: ReportColumn[] = [
    ...(portfolio ? [{ label: "Property", kind: "text" as const, width: 20 }] : []),
    { label: "Unit", kind: "text", width: 10 },
    { label: "Tenant", kind: "text", width: 22 },
    { label: "Lease", kind: "count", width: 7 },
    { label: "Market rent", kind: "cents", width: 11 },
    { label: "Rent", kind: "cents", width: 11 },
    { label: "Other charges", kind: "cents", width: 11 },
    { label: "Deposits held", kind: "cents", width: 11 },
    { label: "Balance", kind: "cents", width: 11 },
    { label: "Lease start", kind: "date", width: 10 },
    { label: "Lease end", kind: "date", width: 10 },
    { label: "Move-in", kind: "date", width: 10 },
    { label: "Move-out", kind: "date", width: 10 },
    { label: "Days vacant", kind: "count", width: 7 },
  ];
  const figures = (f: Figures) => [
    f.market_rent_cents,
    f.rent_cents,
    f.other_charges_cents,
    f.deposits_held_cents,
    f.balance_cents,
  ];
  const lead = (label: string) => (portfolio ? [label, "", "", null] : [label, "", null]);
  const total = (label: string, f: Figures): ReportRow => ({
    cells: [...lead(label), ...figures(f), null, null, null, null, null],
    style: "total",
  });
  const sumOf = (rows: RentRollRow[]): Figures => ({
    market_rent_cents: rows.reduce((s, r) => s + (r.market_rent_cents ?? 0), 0),
    rent_cents: rows.reduce((s, r) => s + r.rent_cents, 0),
    other_charges_cents: rows.reduce((s, r) => s + r.other_charges_cents, 0),
    deposits_held_cents: rows.reduce((s, r) => s + r.deposits_held_cents, 0),
    balance_cents: rows.reduce((s, r) => s + r.balance_cents, 0),
  });
  const zero: Figures = {
    market_rent_cents: 0,
    rent_cents: 0,
    other_charges_cents: 0,
    deposits_held_cents: 0,
    balance_cents: 0,
  };
  const out: ReportRow[] = [];
  for (const section of ["current", "notice", "vacant"] as const) {
    const rows = roll.rows.filter((r) => r.section === section);
    if (!rows.length) continue;
    const label = rentRollSectionLabels[section];
    out.push({ cells: [`${label} (${rows.length})`], style: "heading" });
    for (const r of rows) {
      out.push({
        cells: [
          ...(portfolio ? [r.property.name] : []),
          r.unit_names,
          r.tenant_names,
          r.lease?.lease_no ?? null,
          ...figures(r),
          r.start_date,
          r.end_date,
          r.move_in_date,
          r.move_out_date,
          r.days_vacant,
        ],
      });
    }
    out.push(total(`Total ${label.toLowerCase()}`, sumOf(rows)));
  }
  out.push(total(`Total, ${roll.totals.units} units`, roll.totals));
  out.push(total("Balances of leases not on the roll", { ...zero, balance_cents: roll.other_leases_balance_cents }));
  out.push(
    total("Tenants' balances", { ...zero, balance_cents: roll.totals.balance_cents + roll.other_leases_balance_cents }),
  );
  const occupancy = roll.totals.units ? Math.round((roll.totals.occupied / roll.totals.units) * 1000) / 10 : 0;
  return {
    title: "Rent roll",
    lines: [
      `As of ${roll.as_of}`,
      roll.property ? `Property: ${roll.property.name}` : "All properties",
      `${roll.totals.units} units: ${roll.totals.occupied} occupied (${occupancy}%), ${roll.totals.notice} on notice, ${roll.totals.vacant} vacant`,
    ],
    fileName: `rent-roll-${roll.as_of}`,
    columns,
    rows: out,
  };
}
