import { CHAT_PANEL_WIDTH } from "@keyholder/contracts/assistant";
import { useCallback, useState } from "react";

const keyOf = (userId: number | null) => `keyholder.assistant-width.${userId ?? "visitor"}`;
export const clampWidth = (px: number) =>
  Math.round(Math.min(CHAT_PANEL_WIDTH.max, Math.max(CHAT_PANEL_WIDTH.min, px)));

function stored(userId: number | null) {
  try {
    const value = Number(window.localStorage.getItem(keyOf(userId)));
    return Number.isFinite(value) && value > 0 ? clampWidth(value) : CHAT_PANEL_WIDTH.default;
  } catch {
    return CHAT_PANEL_WIDTH.default;
  }
}

/** The chat panel's width (spec section 9: 300 to 800 px, 384 by default), remembered per user in this browser. */
export function usePanelWidth(userId: number | null) {
  const [width, setWidthState] = useState(() =>
    typeof window === "undefined" ? CHAT_PANEL_WIDTH.default : stored(userId),
  );
  const setWidth = useCallback(
    (px: number) => {
      const next = clampWidth(px);
      setWidthState(next);
      try {
        window.localStorage.setItem(keyOf(userId), String(next));
      } catch {
        // A full or blocked storage only forgets the width.
      }
    },
    [userId],
  );
  return [width, setWidth] as const;
}
