import { act, cleanup, render } from "@testing-library/react";
import { useEffect, useRef } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { useFocusOpenedTab } from "./use-focus-opened-tab.ts";

afterEach(cleanup);
// jsdom lays nothing out: every element counts as shown.
Element.prototype.checkVisibility ??= () => true;

/** A workspace whose tab opens from a search box and whose grid arrives later, as on a slow line. */
function Workspace({ onReady }: { onReady(open: () => void): void }) {
  const main = useRef<HTMLElement>(null);
  const focusOpenedTab = useFocusOpenedTab(main);
  useEffect(() => onReady(() => focusOpenedTab({ grid: true })), [onReady, focusOpenedTab]);
  return (
    <>
      <input aria-label="Search the menu" />
      <main ref={main} />
    </>
  );
}

function setup() {
  let open = () => {};
  const view = render(<Workspace onReady={(o) => (open = o)} />);
  const search = view.getByLabelText("Search the menu") as HTMLInputElement;
  const gridArrives = () => {
    const grid = document.createElement("div");
    grid.setAttribute("role", "grid");
    grid.tabIndex = 0;
    view.container.querySelector("main")?.append(grid);
    return grid;
  };
  return { open: () => act(open), search, gridArrives };
}

describe("focus after opening a tab from the menu", () => {
  it("goes into the table's grid once it has rendered", async () => {
    const { open, gridArrives } = setup();
    open();
    const grid = gridArrives();
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(grid);
  });

  it("stays where the user went on typing (text pasted or filled in fires no key)", async () => {
    const { open, search, gridArrives } = setup();
    open();
    search.focus();
    search.value = "ledger";
    search.dispatchEvent(new Event("input", { bubbles: true }));
    gridArrives();
    await act(() => new Promise((r) => setTimeout(r, 0)));
    expect(document.activeElement).toBe(search);
  });
});
