import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type ReadOnlyColumn, ReadOnlyTable } from "./read-only-table.tsx";

afterEach(() => cleanup());

type Charge = { id: string; name: string; cents: string };
const columns: ReadOnlyColumn<Charge>[] = [
  { header: "Charge", cell: (c) => c.name },
  { header: "Amount", align: "right", cell: (c) => c.cents },
  { header: "Actions", hideHeader: true, cell: (c) => <button type="button">Remove {c.name}</button> },
];
const rows = [
  { id: "a", name: "Rent", cents: "$800.00" },
  { id: "b", name: "Parking", cents: "$75.00" },
];

describe("a read-only table", () => {
  it("is a table named by its caption, with column headers and each row named by its first cell", () => {
    render(<ReadOnlyTable caption="Monthly charges" columns={columns} rows={rows} rowKey={(c) => c.id} />);
    const table = screen.getByRole("table", { name: "Monthly charges" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Charge", "Amount", "Actions"]);
    const parking = within(table).getByRole("row", { name: /^Parking/ });
    expect(within(parking).getByRole("rowheader").textContent).toBe("Parking");
    expect(
      within(parking)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["$75.00", "Remove Parking"]);
  });

  it("takes a name for screen readers where a heading beside it says it, and says when it has no rows", () => {
    const { rerender } = render(
      <ReadOnlyTable label="Documents" columns={columns} rows={rows} empty="No documents yet." />,
    );
    expect(screen.getByRole("table", { name: "Documents" })).toBeTruthy();
    rerender(<ReadOnlyTable label="Documents" columns={columns} rows={[]} empty="No documents yet." />);
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.getByText("No documents yet.")).toBeTruthy();
  });
});
