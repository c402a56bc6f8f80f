import type { Permission } from "@keyholder/contracts/permissions";
import type { TenantLease, TenantLeases as TenantLeasesData } from "@keyholder/contracts/tenants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setApiTransport } from "../../../lib/api-client.ts";
import {
  type InPlaceRecordProps,
  InPlaceRecordsContext,
  type InPlaceRequest,
  type TableRef,
} from "../../../lib/in-place-records.ts";
import { TenantLeases } from "./tenant-leases.tsx";

const TENANT = "11111111-1111-4111-8111-111111111111";

const lease = (o: Partial<TenantLease>): TenantLease => ({
  id: "22222222-2222-4222-8222-222222222222",
  lease_no: 7,
  role: "primary",
  status: "active",
  property_id: "p",
  property_name: "Birch Court",
  unit_names: "B2",
  start_date: "2026-01-01",
  end_date: "2026-12-31",
  move_out_date: null,
  rent_cents: 90_000,
  balance_cents: 0,
  ...o,
});

let answer: TenantLeasesData;
let asked: string[];
let tables: TableRef[];
let requests: InPlaceRequest[];

beforeEach(() => {
  asked = [];
  tables = [];
  requests = [];
  setApiTransport({
    origin: "http://keyholder.test",
    fetch: ((input: RequestInfo | URL) => {
      asked.push(new URL(String(input)).pathname);
      return Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }));
    }) as typeof fetch,
  });
});
afterEach(cleanup);

/** The Leases table's dialogs as the workspace would open them: here, what they were asked to do. */
function Recorded({ request }: InPlaceRecordProps) {
  requests.push(request);
  return <p>{`opened ${request.kind}`}</p>;
}

/** The page as the workspace hands it the in-place dialogs, for a role's permissions. */
function renderLeases(permissions: Permission[]) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <InPlaceRecordsContext.Provider
        value={{
          dialogsOf: (table) => {
            tables.push(table);
            return Recorded;
          },
          can: (p) => permissions.includes(p),
        }}
      >
        <TenantLeases tenant={{ id: TENANT, name: "Pat Gone" }} />
      </InPlaceRecordsContext.Provider>
    </QueryClientProvider>,
  );
}

describe("a tenant's leases on their page", () => {
  it("says what is owed after move-out, not an occupant's lease, and opens a lease and New Lease in place", async () => {
    answer = {
      leases: [
        lease({ id: "a", lease_no: 9, role: "occupant", balance_cents: 5_000, start_date: "2026-03-01" }),
        lease({
          id: "b",
          lease_no: 8,
          status: "ended",
          balance_cents: 47_475,
          start_date: "2025-01-01",
          end_date: "2025-12-31",
          move_out_date: "2025-11-30",
        }),
      ],
      balance_cents: 47_475,
    };
    renderLeases(["ledger.view", "ledger.post"]);
    expect((await screen.findByText(/^Balance owed:/)).textContent).toBe("Balance owed: $474.75");
    expect(screen.getByRole("alert").textContent).toBe(
      "$474.75 is still owed on an ended lease: it stays collectible after move-out.",
    );
    const rows = screen.getAllByRole("row").slice(1);
    expect(within(rows[0] as HTMLElement).queryByText("Owed after move-out")).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText("Owed after move-out")).toBeTruthy();
    expect(rows[1]?.textContent).toContain("1/1/2025 to 11/30/2025");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Lease 8" }));
    await user.click(screen.getByRole("button", { name: "New Lease" }));
    expect(new Set(tables.map((t) => `${t.category} > ${t.item}`))).toEqual(new Set(["Tenants > Leases"]));
    expect(requests).toContainEqual({ kind: "show", id: "b" });
    expect(requests).toContainEqual({ kind: "add", preset: { tenant: { id: TENANT, value: "Pat Gone" } } });
    expect(asked).toEqual([`/api/v1/tenants/${TENANT}/leases`]);
  });

  it("shows a credit as a credit, and no New Lease to a role that cannot post", async () => {
    answer = { leases: [lease({ balance_cents: -2_533 })], balance_cents: -2_533 };
    renderLeases(["ledger.view"]);
    expect((await screen.findByText(/^Credit:/)).textContent).toBe("Credit: $25.33");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "New Lease" })).toBeNull();
  });

  it("shows nothing, and asks nothing, to a role without the books", async () => {
    answer = { leases: [], balance_cents: 0 };
    renderLeases(["records.view"]);
    expect(screen.queryByRole("region", { name: "Leases" })).toBeNull();
    expect(asked).toEqual([]);
  });
});
