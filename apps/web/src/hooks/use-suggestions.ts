import { SEARCH_BLUR_DELAY_MS } from "@keyholder/contracts/property-search";
import { type KeyboardEvent, useCallback, useRef, useState } from "react";

/**
 * Open/closed state and keyboard handling of a search box's suggestion list: arrow keys cycle,
 * Enter picks the highlighted one, Escape closes, blur closes after 200 ms (so a click can land).
 */
export function useSuggestions<T>(items: readonly T[], onPick: (item: T) => void) {
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  // Focus back within the delay (a tab opened and focus returned to the box) keeps the list.
  const closing = useRef<ReturnType<typeof setTimeout>>(undefined);
  return {
    open,
    setOpen,
    highlight,
    resetHighlight: useCallback(() => setHighlight(0), []),
    inputProps: {
      onFocus() {
        clearTimeout(closing.current);
        setOpen(true);
      },
      onBlur() {
        closing.current = setTimeout(() => setOpen(false), SEARCH_BLUR_DELAY_MS);
      },
      onKeyDown(e: KeyboardEvent) {
        if (e.key === "ArrowDown" && items.length) {
          e.preventDefault();
          setOpen(true);
          setHighlight((h) => (h + 1) % items.length);
        } else if (e.key === "ArrowUp" && items.length) {
          e.preventDefault();
          setHighlight((h) => (h - 1 + items.length) % items.length);
        } else if (e.key === "Enter") {
          e.preventDefault();
          const item = items[highlight];
          if (item !== undefined) onPick(item);
        } else if (e.key === "Escape") {
          setOpen(false);
        }
      },
    },
  };
}
