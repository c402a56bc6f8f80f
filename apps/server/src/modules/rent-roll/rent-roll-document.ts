import {
  addRentRollFigures,
  NO_RENT_ROLL_FIGURES,
  RENT_ROLL_FIGURE_LABELS,
  type RentRoll,
  type RentRollFigures,
  type RentRollRow,
  type RentRollSection,
  rentRollFigures,
  rentRollSectionLabels,
} from "@keyholder/contracts/rent-roll";
import { countOf, percentOf } from "@keyholder/contracts/reports";
import type { ReportColumn, ReportDocument, ReportRow } from "../../lib/reports/report-document.ts";
import { leaseCells, leaseColumns, leaseLabelCells } from "../leases/lease-report-columns.ts";

/** What a rent roll's file says above its rows: its day, its property, and its units by standing. */
export interface RentRollFrame {
  as_of: string;
  property: RentRoll["property"];
  units: number;
  occupied: number;
  notice: number;
  vacant: number;
}

/** The rows of a rent roll's sections as they are read, in order, section by section. */
export type RentRollSectionRows = (section: RentRollSection) => AsyncIterable<RentRollRow> | Iterable<RentRollRow>;

/**
 * The rent roll as a table to download: a section each (current, on notice, vacant) with its
 * subtotal, then the totals. The rows may come in parts as they are read (`sectionRows`), each
 * section's count known before (`counts`), so a portfolio's file is written as it is read.
 */
export function rentRollFile(
  frame: RentRollFrame,
  counts: Record<RentRollSection, number>,
  sectionRows: RentRollSectionRows,
  otherLeasesBalance: () => number | Promise<number>,
): ReportDocument {
  const portfolio = frame.property === null;
  const columns: ReportColumn[] = [
    ...leaseColumns(portfolio),
    ...RENT_ROLL_FIGURE_LABELS.map((label) => ({ label, kind: "cents" as const, width: 11 })),
    { label: "Lease start", kind: "date", width: 12 },
    { label: "Lease end", kind: "date", width: 12 },
    { label: "Move-in", kind: "date", width: 12 },
    { label: "Move-out", kind: "date", width: 12 },
    { label: "Days vacant", kind: "count", width: 7 },
  ];
  const lead = (label: string) => leaseLabelCells(portfolio, label);
  const total = (label: string, f: RentRollFigures): ReportRow => ({
    cells: [...lead(label), ...f, null, null, null, null, null],
    style: "total",
  });
  const balanceOnly = (cents: number): RentRollFigures => [null, null, null, null, cents];
  async function* rows(): AsyncIterable<ReportRow> {
    let all = NO_RENT_ROLL_FIGURES;
    for (const section of ["current", "notice", "vacant"] as const) {
      if (!counts[section]) continue;
      const label = rentRollSectionLabels[section];
      yield { cells: [`${label} (${counts[section]})`], style: "heading" };
      let sum = NO_RENT_ROLL_FIGURES;
      for await (const r of sectionRows(section)) {
        sum = addRentRollFigures(sum, rentRollFigures(r));
        yield {
          cells: [
            ...leaseCells(portfolio, r),
            ...rentRollFigures(r),
            r.start_date,
            r.end_date,
            r.move_in_date,
            r.move_out_date,
            r.days_vacant,
          ],
        };
      }
      all = addRentRollFigures(all, sum);
      yield total(`Total ${label.toLowerCase()}`, sum);
    }
    yield total(`Total, ${countOf(frame.units, "unit")}`, all);
    const others = await otherLeasesBalance();
    yield total("Balances of leases not on the roll", balanceOnly(others));
    yield total("Tenants' balances", balanceOnly((all[4] ?? 0) + others));
  }
  return {
    title: "Rent roll",
    lines: [
      `As of ${frame.as_of}`,
      frame.property ? `Property: ${frame.property.name}` : "All properties",
      `${countOf(frame.units, "unit")}: ${frame.occupied} occupied (${percentOf(frame.occupied, frame.units)}), ${frame.notice} on notice, ${frame.vacant} vacant`,
    ],
    fileName: `rent-roll-${frame.as_of}`,
    columns,
    rows: rows(),
  };
}

/** The rent roll read whole (a screen's, or a download of up to a screen's rows) as its file. */
export function rentRollDocument(roll: RentRoll): ReportDocument {
  const of = (section: RentRollSection) => roll.rows.filter((r) => r.section === section);
  return rentRollFile(
    { as_of: roll.as_of, property: roll.property, ...roll.totals },
    { current: of("current").length, notice: of("notice").length, vacant: of("vacant").length },
    of,
    () => roll.other_leases_balance_cents,
  );
}
