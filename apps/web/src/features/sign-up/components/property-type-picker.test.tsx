import { authMessages } from "@keyholder/contracts/auth";
import type { PropertyType } from "@keyholder/contracts/property-types";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { propertyTypesQuery } from "../../../lib/reference-data.ts";
import { PropertyTypePicker } from "./property-type-picker.tsx";

const types: PropertyType[] = [
  { id: 1, code: "SFH", name: "Single-Family Home", description: "", category: "Residential" },
  { id: 2, code: "OFF", name: "Office", description: "", category: "Commercial" },
  { id: 3, code: "WHS", name: "Warehouse", description: "", category: "Industrial" },
];
const list = { count: types.length, property_types: types };

// The cache is seeded so the picker never reaches the network.
function renderPicker(value: string[] = [], onChange = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(propertyTypesQuery().queryKey, list);
  render(
    <QueryClientProvider client={client}>
      <PropertyTypePicker value={value} onChange={onChange} />
    </QueryClientProvider>,
  );
  return onChange;
}

afterEach(cleanup);

describe("PropertyTypePicker", () => {
  it("lists types under their category headers and filters them by the search box", async () => {
    renderPicker();
    expect(screen.getByRole("option", { name: /Office/ })).toBeTruthy();
    expect(screen.getByText("Industrial")).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Search property types" }), {
      target: { value: "ware" },
    });
    await waitFor(() => expect(screen.queryByRole("option", { name: /Office/ })).toBeNull());
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["Warehouse"]);
  });

  it("says 'No matching items found' when nothing matches", async () => {
    renderPicker();
    fireEvent.change(screen.getByRole("searchbox", { name: "Search property types" }), {
      target: { value: "castle" },
    });
    await waitFor(() => expect(screen.getByText(authMessages.noMatchingItems)).toBeTruthy());
    // react-aria gives the empty state itself role="option" so screen readers announce it.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([authMessages.noMatchingItems]);
  });

  it("shows the selection as chips that can be removed", () => {
    const onChange = renderPicker(["Office", "Warehouse"]);
    const chips = screen.getByRole("list", { name: "Selected property types" });
    expect(chips.textContent).toContain("Office");
    fireEvent.click(screen.getByRole("button", { name: "Remove Office" }));
    expect(onChange).toHaveBeenCalledWith(["Warehouse"]);
  });
});
