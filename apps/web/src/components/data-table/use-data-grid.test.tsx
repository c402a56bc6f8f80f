import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import type { GridDefinition, PageRequest } from "./types.ts";
import { useDataGrid } from "./use-data-grid.ts";

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
