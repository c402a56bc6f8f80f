import { describe, expect, it } from "vitest";
import { columnsToExport, gridCsv } from "./grid-csv.ts";
import type { GridColumn } from "./types.ts";

interface Unit {
  number: string;
  rent: number | null;
  day: string;
}

const columns: GridColumn<Unit>[] = [
  { id: "number", header: "Unit Number", value: (u) => u.number },
  { id: "rent", header: "Base Rent", value: (u) => u.rent, exportHeader: "Rent" },
  { id: "day", header: "Available Date", value: (u) => u.day, text: (u) => u.day.split("-").reverse().join("/") },
];

describe("grid export columns", () => {
  it("takes the columns shown in the grid's order, or all of them with the hidden ones in their place", () => {
    const view = { order: ["day", "number", "rent"], visibility: { number: true, rent: false, day: true } };
    expect(columnsToExport(columns, view, "shown").map((c) => c.id)).toEqual(["day", "number"]);
    expect(columnsToExport(columns, view, "all").map((c) => c.id)).toEqual(["day", "number", "rent"]);
  });

  it("writes export headers, cells' text where they have one, numbers as numbers, formulas defused", () => {
    const rows = [
      { number: "=1+1", rent: 1350, day: "2026-12-01" },
      { number: "4B, rear", rent: null, day: "2026-01-31" },
    ];
    expect(gridCsv(columns, rows)).toBe(
      'Unit Number,Rent,Available Date\r\n\'=1+1,1350,01/12/2026\r\n"4B, rear",,31/01/2026',
    );
  });
});
