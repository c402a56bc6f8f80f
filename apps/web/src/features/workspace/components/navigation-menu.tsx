import { useEffect, useRef, useState } from "react";
import { menuCategories } from "../menu-items.ts";

/**
 * The category bar (spec section 4): a click toggles a category; while one is open, hovering another
 * switches to it; a click outside closes it; choosing an item closes it.
 */
export function NavigationMenu({ onSelect }: { onSelect(category: string, item: string): void }) {
  const [open, setOpen] = useState<string | null>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(null);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(null);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div ref={ref} className="flex flex-wrap items-center gap-0.5" role="menubar" aria-label="Navigation">
      {menuCategories.map(({ category, items }) => (
        <div key={category} className="relative">
          <button
            type="button"
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={open === category}
            onClick={() => setOpen((o) => (o === category ? null : category))}
            onPointerEnter={() => setOpen((o) => (o && o !== category ? category : o))}
            className={`rounded-md px-2.5 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              open === category
                ? "bg-brand-700 text-white"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {category}
          </button>
          {open === category ? (
            <div
              role="menu"
              aria-label={category}
              className="absolute top-full left-0 z-50 mt-1 min-w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              {items.map((item) => (
                <div key={item} role="none">
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      setOpen(null);
                      onSelect(category, item);
                    }}
                    className="block w-full px-3 py-1.5 text-left text-sm outline-none hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
                  >
                    {item}
                  </button>
                </div>
              ))}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
