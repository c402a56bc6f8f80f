import type { RowData } from "@tanstack/react-table";
import { type CSSProperties, useCallback, useEffect, useRef, useState } from "react";
import { fillWidths } from "./column-widths.ts";
import { ROW_NUMBER_COLUMN } from "./row-number.ts";
import type { DataGridState } from "./use-data-grid.ts";

const FIXED = new Set([ROW_NUMBER_COLUMN]);

/**
 * The visible columns' widths as CSS variables on the grid element (decision 006: a resize restyles
 * one element instead of re-rendering every cell), stretched to fill the grid when they are few.
 * `fixWidths` stores the widths as drawn before a resize starts, so the resized column follows the
 * pointer from where the user sees its edge; it returns them.
 */
export function useColumnWidths<Row extends RowData>(grid: DataGridState<Row>, scrollElement: HTMLElement | null) {
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    if (!scrollElement) return;
    // The content box: it narrows when a vertical scroll bar appears.
    const observer = new ResizeObserver(() => setAvailable(scrollElement.clientWidth));
    observer.observe(scrollElement);
    return () => observer.disconnect();
  }, [scrollElement]);

  const sizes = grid.table.getVisibleLeafColumns().map((c) => [c.id, c.getSize()] as const);
  const widths = fillWidths(sizes, available, FIXED);
  const stretched = sizes.some(([id, size]) => widths.get(id) !== size);
  const cssVars = Object.fromEntries([
    ...[...widths].map(([id, width]) => [`--col-${id}`, `${width}px`]),
    ["--grid-width", `${[...widths.values()].reduce((sum, w) => sum + w, 0)}px`],
  ]) as CSSProperties;

  const live = useRef({ widths, stretched });
  live.current = { widths, stretched };
  const { update } = grid;
  const fixWidths = useCallback(() => {
    const { widths: drawn, stretched: wasStretched } = live.current;
    if (wasStretched) {
      update("sizing", (prev) => ({
        ...prev,
        ...Object.fromEntries([...drawn].filter(([id]) => id !== ROW_NUMBER_COLUMN)),
      }));
    }
    return drawn;
  }, [update]);

  return { cssVars, fixWidths };
}
