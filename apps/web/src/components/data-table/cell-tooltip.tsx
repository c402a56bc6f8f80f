import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** Hovering a cell this long shows its tooltip, so passing over cells does not flash one per cell. */
export const TOOLTIP_DELAY_MS = 300;

const truncated = (el: HTMLElement) => el.scrollWidth > el.clientWidth;

/**
 * Which cell's full text to show: the hovered cell (after a short delay), else the grid's focused
 * cell (its aria-activedescendant) while the grid has keyboard focus. Escape dismisses it until
 * another cell is hovered or focused (WCAG 1.4.13); pointing at the tooltip keeps it.
 */
export function useCellTooltip(activeCellId: string | undefined) {
  const [hovered, setHovered] = useState<string | null>(null);
  const [gridFocused, setGridFocused] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const pointedAt = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const hover = useCallback((cellId: string | null) => {
    if (cellId === pointedAt.current) return;
    pointedAt.current = cellId;
    clearTimeout(timer.current);
    setHovered(null);
    if (cellId) timer.current = setTimeout(() => setHovered(cellId), TOOLTIP_DELAY_MS);
  }, []);

  const shown = hovered ?? (gridFocused ? (activeCellId ?? null) : null);
  return {
    cellId: shown === dismissed ? null : shown,
    gridHandlers: {
      onMouseOver: (e: React.MouseEvent) => hover((e.target as Element).closest?.("[role=gridcell]")?.id || null),
      onMouseLeave: (e: React.MouseEvent) => {
        if (!(e.relatedTarget instanceof Element && e.relatedTarget.closest("[role=tooltip]"))) hover(null);
      },
      onFocus: (e: React.FocusEvent) => e.target === e.currentTarget && setGridFocused(true),
      onBlur: (e: React.FocusEvent) => e.target === e.currentTarget && setGridFocused(false),
    },
    dismiss: () => setDismissed(shown),
    /** Leaving the tooltip itself, the pointer is off the cell too. */
    leaveTooltip: () => hover(null),
  };
}

/**
 * The full text of a truncated cell in a tooltip under it (only when the text is cut off). One per
 * grid, positioned from the cell's box and kept in place while the grid scrolls.
 */
export function CellTooltip({
  id,
  cellId,
  scrollElement,
  onMouseLeave,
}: {
  id: string;
  cellId: string | null;
  scrollElement: HTMLElement | null;
  onMouseLeave(): void;
}) {
  const [tip, setTip] = useState<{ text: string; left: number; top: number; maxWidth: number } | null>(null);
  useLayoutEffect(() => {
    if (!cellId || !scrollElement) {
      setTip(null);
      return;
    }
    const place = () => {
      const cell = document.getElementById(cellId);
      if (!cell || !truncated(cell)) return setTip(null);
      const box = cell.getBoundingClientRect();
      const view = scrollElement.getBoundingClientRect();
      // A cell scrolled out of the grid's view has no tooltip.
      if (box.bottom <= view.top || box.top >= view.bottom) return setTip(null);
      setTip({
        text: cell.textContent ?? "",
        left: Math.max(8, Math.min(box.left, window.innerWidth - 320)),
        top: box.bottom + 4,
        maxWidth: Math.min(480, window.innerWidth - 16),
      });
    };
    place();
    scrollElement.addEventListener("scroll", place, { passive: true });
    window.addEventListener("resize", place);
    return () => {
      scrollElement.removeEventListener("scroll", place);
      window.removeEventListener("resize", place);
    };
  }, [cellId, scrollElement]);

  if (!tip) return null;
  return createPortal(
    <div
      id={id}
      role="tooltip"
      onMouseLeave={onMouseLeave}
      style={{ left: tip.left, top: tip.top, maxWidth: tip.maxWidth }}
      className="fixed z-[6000] rounded-md bg-slate-900 px-2 py-1 text-xs break-words text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      {tip.text}
    </div>,
    document.body,
  );
}
