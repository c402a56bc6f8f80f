import type { UnitRow } from "@keyholder/contracts/units";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import { UnitForm } from "./unit-form.tsx";

const LAKE = "11111111-1111-4111-8111-111111111111";
const HILL = "22222222-2222-4222-8222-222222222222";

/** Two properties, each with its own buildings and floor plans, served as the API serves them. */
const LISTS: Record<string, { id: string | number; value: string }[]> = {
  properties: [
    { id: HILL, value: "Hill House" },
    { id: LAKE, value: "Lake Court" },
  ],
  [`buildings:${LAKE}`]: [{ id: 11, value: "Lake Tower" }],
  [`buildings:${HILL}`]: [{ id: 21, value: "Hill Annex" }],
  [`floor-plans:${LAKE}`]: [{ id: 31, value: "B2 - Two Bed (B2)" }],
  [`floor-plans:${HILL}`]: [{ id: 41, value: "A1 - Studio (A1)" }],
};
const PLANS: Record<number, { bed_rooms: number; bath_rooms: number; total_square_feet: number | null }> = {
  31: { bed_rooms: 2, bath_rooms: 1.5, total_square_feet: 980 },
  41: { bed_rooms: 0, bath_rooms: 1, total_square_feet: null },
};

let requests: URL[] = [];
let saved: unknown[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit) {
  const url = new URL(String(input));
  requests.push(url);
  const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
  const page = (key: string) => json({ hasNextPage: false, nextCursor: null, data: LISTS[key] ?? [] });
  if (url.pathname.endsWith("/properties/get-id-name")) return page("properties");
  if (url.pathname.endsWith("/buildings/get-id-name-by-property-id")) {
    return page(`buildings:${url.searchParams.get("property-id")}`);
  }
  if (url.pathname.endsWith("/floor-plans/get-id-name-by-property-id")) {
    return page(`floor-plans:${url.searchParams.get("property-id")}`);
  }
  const plan = url.pathname.match(/\/floor-plans\/(\d+)$/);
  if (plan) {
    const id = Number(plan[1]);
    // The floor plan as its grid row (GET /floor-plans/{id}).
    return json({
      id,
      plan_name: "Plan",
      plan_code: null,
      number_of_levels: 1,
      base_rent_estimate: 1500,
      description: null,
      active: true,
      property_id: "p-1",
      property_name: "Property",
      organization_id: "org-1",
      created_by: null,
      created_date: "2026-01-01T00:00:00.000Z",
      last_modified_by: null,
      last_modified_date: "2026-01-01T00:00:00.000Z",
      ...PLANS[id],
    });
  }
  if (url.pathname.endsWith("/units") && init?.method === "POST") {
    const body = JSON.parse(String(init.body));
    if (body.unit_number === "Refused") {
      const fields = { building_id: ["That building is not in the chosen property"] };
      return json({ error: { code: "VALIDATION_FAILED", message: "Some fields are not valid", fields } }, 400);
    }
    saved.push(body);
    return json({ unit: { unit_id: 7, ...body } }, 201);
  }
  return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
}

beforeEach(() => {
  requests = [];
  saved = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      observe() {}
      disconnect() {}
      unobserve() {}
      takeRecords() {
        return [];
      }
    },
  );
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
  setApiTransport({ origin: "http://keyholder.test", fetch: fakeApi as typeof fetch });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderForm = (row: UnitRow | null = null, onSaved = vi.fn()) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <UnitForm mode={row ? "edit" : "add"} row={row} onSaved={onSaved} onCancel={() => {}} onEdit={() => {}} />
    </QueryClientProvider>,
  );
const box = (name: string) => screen.getByRole("combobox", { name }) as HTMLInputElement;
const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
/** Opens a record dropdown and chooses the option that reads `option`. */
async function choose(name: string, option: string) {
  act(() => box(name).focus());
  fireEvent.keyDown(box(name), { key: "ArrowDown" });
  const wanted = await screen.findByRole("option", { name: (shown) => shown.startsWith(option) });
  fireEvent.click(wanted);
  await waitFor(() => expect(box(name).value).toBe(option));
}

describe("the unit form", () => {
  it("offers the chosen property's buildings and floor plans only, and clears them when the property changes", async () => {
    renderForm();
    expect(box("Building").disabled).toBe(true);
    expect(box("Floor Plan").disabled).toBe(true);
    await choose("Property", "Lake Court");
    await choose("Building", "Lake Tower");
    await choose("Floor Plan", "B2 - Two Bed (B2)");
    const scoped = requests.filter((r) => r.pathname.includes("by-property-id"));
    expect(scoped.every((r) => r.searchParams.get("property-id") === LAKE)).toBe(true);

    await choose("Property", "Hill House");
    await waitFor(() => expect(box("Building").value).toBe(""));
    expect(box("Floor Plan").value).toBe("");
    await choose("Building", "Hill Annex");
    expect(requests.some((r) => r.searchParams.get("property-id") === HILL)).toBe(true);
  });

  it("fills the empty bedrooms, bathrooms and square footage from the chosen floor plan, never what was typed", async () => {
    renderForm();
    await choose("Property", "Lake Court");
    fireEvent.change(input("Bathrooms"), { target: { value: "2" } });
    await choose("Floor Plan", "B2 - Two Bed (B2)");
    await waitFor(() => expect(input("Bedrooms").value).toBe("2"));
    expect(input("Bathrooms").value).toBe("2");
    expect(input("Square Footage").value).toBe("980");
  });

  it("saves the typed values as the API takes them", async () => {
    const onSaved = vi.fn();
    renderForm(null, onSaved);
    fireEvent.change(input("Unit Number"), { target: { value: " 4B " } });
    await choose("Property", "Lake Court");
    await choose("Building", "Lake Tower");
    await choose("Floor Plan", "B2 - Two Bed (B2)");
    await waitFor(() => expect(input("Square Footage").value).toBe("980"));
    fireEvent.change(input("Square Footage"), { target: { value: "1,020" } });
    // The date picker's segments, typed as a keyboard user does (month first in en-US).
    const user = userEvent.setup();
    await user.click(screen.getByRole("spinbutton", { name: /^month, Available Date/ }));
    await user.keyboard("12012026");
    fireEvent.change(input("Status"), { target: { value: "occupied" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: "7", name: "4B" }));
    expect(saved).toEqual([
      {
        unit_number: "4B",
        property_id: LAKE,
        building_id: 11,
        floor_plan_id: 31,
        number_of_bedrooms: 2,
        number_of_bathrooms: 1.5,
        square_footage: 1020,
        date_available: "2026-12-01",
        occupied: true,
      },
    ]);
  });

  it("shows the server's refusal under the field it is about, and keeps the dialog's values", async () => {
    const onSaved = vi.fn();
    renderForm(null, onSaved);
    fireEvent.change(input("Unit Number"), { target: { value: "Refused" } });
    await choose("Property", "Lake Court");
    await choose("Building", "Lake Tower");
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    const message = await screen.findByText("That building is not in the chosen property");
    expect((box("Building").getAttribute("aria-describedby") ?? "").split(" ")).toContain(message.closest("[id]")?.id);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(input("Unit Number").value).toBe("Refused");
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says what is missing before anything is sent", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await screen.findByText("Unit number is required");
    await screen.findByText("Choose the property this unit belongs to");
    expect(saved).toEqual([]);
  });
});
