import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, renderHook, waitFor } from "@testing-library/react";
import { Activity, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { GridDefinition, PageRequest } from "./types.ts";
import { type DataGridState, useDataGrid } from "./use-data-grid.ts";

interface Row {
  id: number;
  name: string;
}

/** A list of seven rows served in pages, recording what each request asked for. */
function listOf7() {
  const rows: Row[] = Array.from({ length: 7 }, (_, i) => ({ id: 100 + i, name: `Row ${i}` }));
  const requests: PageRequest[] = [];
  const definition: GridDefinition<Row> = {
    key: "test-table-",
    columns: [{ id: "name", header: "Name", sortKey: "name", value: (r) => r.name }],
    defaultSort: "name",
    pageSize: 3,
    rowId: (r) => String(r.id),
    fetchPage: async (request) => {
      requests.push(request);
      const page = rows.slice(request.offset, request.offset + request.limit);
      return { rows: page, offset: request.offset, count: page.length, total: rows.length };
    },
    loadError: "Failed to load rows.",
    empty: { none: "None.", noMatch: "No match.", add: "Add" },
  };
  return { definition, requests };
}

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe("useDataGrid paging", () => {
  it("asks for each next page after the last row it has loaded", async () => {
    const { definition, requests } = listOf7();
    const { result } = renderHook(() => useDataGrid(definition, "paging-1"), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(3));
    await act(() => result.current.query.fetchNextPage());
    await act(() => result.current.query.fetchNextPage());
    await waitFor(() => expect(result.current.rows).toHaveLength(7));
    expect(requests.map((r) => [r.offset, r.after])).toEqual([
      [0, undefined],
      [3, "102"],
      [6, "105"],
    ]);
    expect(result.current.query.hasNextPage).toBe(false);
  });
});

/** A grid's state, handed out on each render. */
function GridState({
  definition,
  onRender,
}: {
  definition: GridDefinition<Row>;
  onRender(state: DataGridState<Row>): void;
}) {
  onRender(useDataGrid(definition, "shown-again"));
  return null;
}

describe("useDataGrid when shown again", () => {
  it("asks the server again, and says its rows are reloading (Export waits) until the answer is in", async () => {
    const { definition } = listOf7();
    let asked = 0;
    let release = () => {};
    // Every request after the first waits until released, as a slow network would.
    const slow: GridDefinition<Row> = {
      ...definition,
      fetchPage: async (request) => {
        asked += 1;
        if (asked > 1) await new Promise<void>((resolve) => (release = resolve));
        return definition.fetchPage(request);
      },
    };
    let grid: DataGridState<Row> | undefined;
    const seen = (state: DataGridState<Row>) => {
      grid = state;
    };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const tab = (mode: "visible" | "hidden") => (
      <QueryClientProvider client={client}>
        <Activity mode={mode}>
          <GridState definition={slow} onRender={seen} />
        </Activity>
      </QueryClientProvider>
    );
    const view = render(tab("visible"));
    await waitFor(() => expect(grid?.current).toBe(true));
    expect(grid?.rows).toHaveLength(3);
    view.rerender(tab("hidden"));
    view.rerender(tab("visible"));
    await waitFor(() => expect(asked).toBe(2));
    // The rows from before stay, but they are not the database's as it is now.
    expect(grid?.rows).toHaveLength(3);
    expect(grid?.reloading).toBe(true);
    expect(grid?.current).toBe(false);
    await act(async () => release());
    await waitFor(() => expect(grid?.current).toBe(true));
    expect(grid?.reloading).toBe(false);
  });
});
