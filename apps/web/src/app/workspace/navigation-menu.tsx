import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { MenuEntryLabel } from "../../features/workspace/components/menu-entry-label.tsx";
import { menuCategories } from "../../features/workspace/menu-items.ts";
import { useEntryAccess } from "./use-entry-access.ts";

const count = menuCategories.length;
const wrap = (index: number) => (index + count) % count;

const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/** Focuses an item of the open menu: the first, the last, or by position (wrapping). */
function focusItem(menu: HTMLElement | null, which: "first" | "last" | number) {
  const all = itemsOf(menu);
  const index = which === "first" ? 0 : which === "last" ? all.length - 1 : (which + all.length) % all.length;
  all[index]?.focus();
}

/**
 * The category bar (spec section 4): a click toggles a category; while one is open, hovering another
 * switches to it; a click outside closes it; choosing an item closes it. Keyboard as the WAI-ARIA
 * menubar pattern: one Tab stop (roving tabindex), Left/Right between categories, Down/Enter/Space
 * into a menu, Up/Down within it, Escape back to the category, Tab leaves.
 */
export function NavigationMenu({ onSelect }: { onSelect(category: string, item: string): void }) {
  const access = useEntryAccess();
  const [open, setOpen] = useState<number | null>(null);
  const [current, setCurrent] = useState(0);
  const bar = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const categoryButtons = useRef<(HTMLButtonElement | null)[]>([]);
  /** Which item to focus once the menu being opened has rendered. */
  const pendingItemFocus = useRef<"first" | "last" | null>(null);
  /** The category the pointer just switched to by hovering: the click that follows must not close it. */
  const hoverOpened = useRef<number | null>(null);

  useEffect(() => {
    if (open === null) return;
    const close = (e: PointerEvent) => {
      if (!bar.current?.contains(e.target as Node)) setOpen(null);
    };
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape") setOpen(null);
    };
    document.addEventListener("pointerdown", close);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  useEffect(() => {
    if (open === null || !pendingItemFocus.current) return;
    focusItem(menu.current, pendingItemFocus.current);
    pendingItemFocus.current = null;
  }, [open]);

  function focusCategory(index: number) {
    setCurrent(index);
    categoryButtons.current[index]?.focus();
  }
  function openMenu(index: number, focus: "first" | "last") {
    setCurrent(index);
    if (open === index) focusItem(menu.current, focus);
    else {
      pendingItemFocus.current = focus;
      setOpen(index);
    }
  }
  /** Left/Right keep a menu open while moving along the bar: the next category's menu opens. */
  function moveAlongBar(index: number) {
    focusCategory(index);
    if (open !== null) setOpen(index);
  }

  function onCategoryKey(e: KeyboardEvent, index: number) {
    if (e.key === "Tab") setOpen(null);
    if (e.key === "ArrowRight") moveAlongBar(wrap(index + 1));
    else if (e.key === "ArrowLeft") moveAlongBar(wrap(index - 1));
    else if (e.key === "Home") focusCategory(0);
    else if (e.key === "End") focusCategory(count - 1);
    else if (e.key === "ArrowDown" || e.key === "Enter" || e.key === " ") openMenu(index, "first");
    else if (e.key === "ArrowUp") openMenu(index, "last");
    else if (e.key === "Escape") setOpen(null);
    else return;
    e.preventDefault();
  }

  function onItemKey(e: KeyboardEvent, index: number) {
    if (e.key === "Tab") {
      // Tab moves on from the category, as if the menu had not been there.
      categoryButtons.current[index]?.focus();
      setOpen(null);
      return;
    }
    const at = itemsOf(menu.current).indexOf(e.currentTarget as HTMLElement);
    if (e.key === "ArrowDown") focusItem(menu.current, at + 1);
    else if (e.key === "ArrowUp") focusItem(menu.current, at - 1);
    else if (e.key === "Home") focusItem(menu.current, "first");
    else if (e.key === "End") focusItem(menu.current, "last");
    else if (e.key === "ArrowRight") openMenu(wrap(index + 1), "first");
    else if (e.key === "ArrowLeft") openMenu(wrap(index - 1), "first");
    else if (e.key === "Escape") {
      setOpen(null);
      focusCategory(index);
    } else return;
    e.preventDefault();
    e.stopPropagation();
  }

  return (
    <div ref={bar} className="flex flex-wrap items-center gap-0.5" role="menubar" aria-label="Navigation">
      {menuCategories.map(({ category, items: entries }, index) => (
        <div key={category} className="relative">
          <button
            ref={(el) => {
              categoryButtons.current[index] = el;
            }}
            type="button"
            role="menuitem"
            aria-haspopup="menu"
            aria-expanded={open === index}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setCurrent(index)}
            onKeyDown={(e) => onCategoryKey(e, index)}
            onClick={() => {
              setCurrent(index);
              if (hoverOpened.current === index) hoverOpened.current = null;
              else setOpen((o) => (o === index ? null : index));
            }}
            onPointerEnter={() => {
              if (open === null || open === index) return;
              hoverOpened.current = index;
              setOpen(index);
              setCurrent(index);
            }}
            onPointerLeave={() => {
              hoverOpened.current = null;
            }}
            className={`rounded-md px-2.5 py-1.5 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
              open === index
                ? "bg-brand-700 text-white"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
            }`}
          >
            {category}
          </button>
          {open === index ? (
            <div
              ref={menu}
              role="menu"
              aria-label={category}
              className="absolute top-full left-0 z-50 mt-1 min-w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
            >
              {entries.map((item) => {
                const built = access.opens(category, item);
                return (
                  <div key={item} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      tabIndex={-1}
                      aria-disabled={built ? undefined : true}
                      onKeyDown={(e) => onItemKey(e, index)}
                      onClick={() => {
                        if (!built) return;
                        setOpen(null);
                        onSelect(category, item);
                      }}
                      className={`block w-full px-3 py-1.5 text-left text-sm outline-none focus-visible:bg-slate-100 dark:focus-visible:bg-slate-800 ${
                        built
                          ? "hover:bg-slate-100 dark:hover:bg-slate-800"
                          : "cursor-default text-slate-600 dark:text-slate-400"
                      }`}
                    >
                      <MenuEntryLabel item={item} note={access.note(category, item)} />
                    </button>
                  </div>
                );
              })}
            </div>
          ) : null}
        </div>
      ))}
    </div>
  );
}
