import {
  RELATED_ITEMS_PAGE_SIZE,
  type RelatedItem,
  type RelatedItemSource,
  relatedItemMessages,
} from "@keyholder/contracts/related-items";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setApiTransport } from "../../lib/api-client.ts";
import { RecordPicker } from "./record-picker.tsx";

/** 120 properties, "Property 001" to "Property 120", served the way the API pages them. */
const ALL: RelatedItem[] = Array.from({ length: 120 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, "0")}`,
  value: `Property ${String(i + 1).padStart(3, "0")}`,
}));

let requests: URL[] = [];
/** When set, answers wait for it (to see the list while a page loads). */
let gate: Promise<void> | null = null;

function fakeApi(input: RequestInfo | URL) {
  const url = new URL(String(input));
  requests.push(url);
  const term = (url.searchParams.get("search-term") ?? "").toLowerCase();
  const start = Number(url.searchParams.get("cursor") ?? 0);
  const matching = ALL.filter((p) => p.value.toLowerCase().includes(term));
  const data = matching.slice(start, start + RELATED_ITEMS_PAGE_SIZE);
  const next = start + data.length;
  const body = { hasNextPage: next < matching.length, nextCursor: next < matching.length ? String(next) : null, data };
  const answer = () => new Response(JSON.stringify(body), { status: 200 });
  return gate ? gate.then(answer) : Promise.resolve(answer());
}

/** jsdom has no IntersectionObserver; this one reports the load-more sentinel in view when told to. */
const observers = new Set<IntersectionObserverCallback>();
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observers.add(this.callback);
  }
  disconnect() {
    observers.delete(this.callback);
  }
  unobserve() {}
  takeRecords() {
    return [];
  }
}
const scrollToEnd = () =>
  act(() => {
    for (const cb of [...observers]) {
      cb([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  });

beforeEach(() => {
  requests = [];
  gate = null;
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  // jsdom has no CSS.escape, which react-aria's popover uses to look for a CSP nonce.
  if (!globalThis.CSS?.escape) vi.stubGlobal("CSS", { escape: (s: string) => s.replace(/["\\]/g, "\\$&") });
  setApiTransport({ origin: "http://keyholder.test", fetch: fakeApi as typeof fetch });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness(props: {
  onCreate?: (text: string) => void;
  errors?: string[];
  onChange?: (v: RelatedItem | null) => void;
}) {
  const [value, setValue] = useState<RelatedItem | null>(null);
  const source: RelatedItemSource = { list: "properties" };
  return (
    <RecordPicker
      label="Property"
      source={source}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange?.(v);
      }}
      errors={props.errors}
      isRequired
      {...(props.onCreate ? { onCreate: props.onCreate } : {})}
    />
  );
}

const renderPicker = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness {...props} />
    </QueryClientProvider>,
  );
const box = () => screen.getByRole("combobox", { name: "Property" });
const options = () => screen.queryAllByRole("option").map((o) => o.textContent ?? "");
const focus = () => {
  if (document.activeElement !== box()) act(() => box().focus());
};
const type = (text: string) => {
  focus();
  fireEvent.change(box(), { target: { value: text } });
};
const key = (name: string) => {
  focus();
  fireEvent.keyDown(box(), { key: name });
  fireEvent.keyUp(box(), { key: name });
};

describe("RecordPicker", () => {
  it("searches 100 ms after typing stops, once, and is chosen with the keyboard", async () => {
    const onChange = vi.fn();
    renderPicker({ onChange });
    expect(requests).toEqual([]);
    type("p");
    type("pr");
    type("property 11");
    await waitFor(() => expect(options()).toContain("Property 110"));
    expect(requests.map((r) => r.searchParams.get("search-term"))).toEqual(["property 11"]);
    expect(requests[0]?.pathname).toBe("/api/v1/properties/get-id-name");
    expect(options()).toEqual(ALL.filter((p) => p.value.includes("Property 11")).map((p) => p.value));

    key("ArrowDown");
    key("ArrowDown");
    const active = box().getAttribute("aria-activedescendant");
    expect(active && document.getElementById(active)?.textContent).toBe("Property 111");
    key("Enter");
    expect(onChange).toHaveBeenCalledWith(ALL[110]);
    expect((box() as HTMLInputElement).value).toBe("Property 111");
  });

  it("keeps its choice when left at once (the list reloading), goes back to it after stray text, clears when emptied", async () => {
    const onChange = vi.fn();
    renderPicker({ onChange });
    type("property 120");
    await waitFor(() => expect(options()).toEqual(["Property 120"]));
    key("ArrowDown");
    key("Enter");
    expect(onChange).toHaveBeenLastCalledWith(ALL[119]);
    // Left before the full list is in: the chosen item is not among the items loaded.
    act(() => box().blur());
    expect((box() as HTMLInputElement).value).toBe("Property 120");
    type("prop");
    act(() => box().blur());
    expect((box() as HTMLInputElement).value).toBe("Property 120");
    expect(onChange).toHaveBeenCalledTimes(1);
    type("");
    expect(onChange).toHaveBeenLastCalledWith(null);
    act(() => box().blur());
    expect((box() as HTMLInputElement).value).toBe("");
  });

  it("opens on ArrowDown with every item and loads the next page when the list is scrolled to its end", async () => {
    renderPicker();
    key("ArrowDown");
    await waitFor(() => expect(options().length).toBe(RELATED_ITEMS_PAGE_SIZE));
    expect(requests[0]?.searchParams.get("search-term")).toBeNull();
    expect(requests[0]?.searchParams.get("cursor")).toBeNull();

    scrollToEnd();
    await waitFor(() => expect(options().length).toBe(2 * RELATED_ITEMS_PAGE_SIZE));
    expect(requests[1]?.searchParams.get("cursor")).toBe("50");
    scrollToEnd();
    await waitFor(() => expect(options().length).toBe(ALL.length));
    expect(options()).toEqual(ALL.map((p) => p.value));
    // The last page said there is no other: scrolling on asks for nothing more.
    scrollToEnd();
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.length).toBe(3);
  });

  it("says 'Searching...' while a page loads and 'No matching items found' when nothing matches", async () => {
    let open = () => {};
    gate = new Promise((resolve) => {
      open = resolve;
    });
    renderPicker();
    type("castle");
    await waitFor(() => expect(options()).toEqual([relatedItemMessages.searching]));
    await waitFor(() => expect(requests.length).toBe(1));
    open();
    await waitFor(() => expect(options()).toEqual([relatedItemMessages.noMatches]));
  });

  it("offers a create entry at the end that calls back with the text typed", async () => {
    const onCreate = vi.fn();
    const onChange = vi.fn();
    renderPicker({ onCreate, onChange });
    type("Castle Rock");
    await waitFor(() => expect(options()).toEqual([relatedItemMessages.noMatches, "+ Create property"]));
    // The status row cannot be chosen: the first ArrowDown lands on the create entry.
    key("ArrowDown");
    key("Enter");
    expect(onCreate).toHaveBeenCalledWith("Castle Rock");
    await waitFor(() => expect(box().getAttribute("aria-expanded")).toBe("false"));
    expect((box() as HTMLInputElement).value).toBe("");
    expect(onChange).not.toHaveBeenCalled();
  });

  it("shows its errors under the field, tied to it, and marks it invalid and required", () => {
    renderPicker({ errors: ["Choose the property this building belongs to"] });
    expect(box().getAttribute("aria-invalid")).toBe("true");
    expect(box().getAttribute("aria-required")).toBe("true");
    const described = (box().getAttribute("aria-describedby") ?? "").split(" ");
    const texts = described.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain("Choose the property this building belongs to");
  });
});
