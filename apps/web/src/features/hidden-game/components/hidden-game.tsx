import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { advance } from "../rules.ts";

// The game's code (and the dialog's) loads only when someone finds it.
const GameDialog = lazy(() => import("./game-dialog.tsx"));

/**
 * Anywhere in the app, the key sequence opens a 15-second game: one of nine boxes lights up and
 * moves every 1.5 s; each click on it scores 10 points; more than 50 earns praise.
 */
export function HiddenGame() {
  const [open, setOpen] = useState(false);
  const recent = useRef<string[]>([]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest("input, textarea, [contenteditable=true]")) return;
      const next = advance(recent.current, e.key);
      recent.current = next.recent;
      if (next.complete) setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <GameDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
