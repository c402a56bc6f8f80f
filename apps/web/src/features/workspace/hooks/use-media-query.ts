import { useSyncExternalStore } from "react";

/** Whether a CSS media query matches now, updated as the window changes (for what CSS cannot switch, like a placeholder). */
export function useMediaQuery(query: string) {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
