import { DROPDOWN_SEARCH_DEBOUNCE_MS } from "@keyholder/contracts/property-types";
import { useEffect, useId, useState } from "react";
import { MenuEntryLabel } from "../../features/workspace/components/menu-entry-label.tsx";
import { type MenuEntry, searchMenu } from "../../features/workspace/menu-items.ts";
import { useSuggestions } from "../../hooks/use-suggestions.ts";
import { useEntryAccess } from "./use-entry-access.ts";

/**
 * Finds a menu entry by typing: arrow keys cycle, Enter opens it, Escape closes the suggestions.
 * Entries that open something come first and are the only ones the keys pick; the others are listed
 * after them, marked "Coming soon" (issue 10, item 13).
 */
export function MenuSearch({ onSelect }: { onSelect(category: string, item: string): void }) {
  const [text, setText] = useState("");
  const [results, setResults] = useState<MenuEntry[]>([]);
  const listId = useId();
  const access = useEntryAccess();
  const openable = results.filter((e) => access.opens(e.category, e.item));
  const comingSoon = results.filter((e) => !access.opens(e.category, e.item));
  const suggestions = useSuggestions(openable, choose);
  const { open, setOpen, highlight, resetHighlight } = suggestions;
  useEffect(() => {
    const timer = setTimeout(() => {
      setResults(searchMenu(text));
      resetHighlight();
    }, DROPDOWN_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, resetHighlight]);

  function choose(entry: MenuEntry) {
    onSelect(entry.category, entry.item);
    setText("");
    setResults([]);
    setOpen(false);
  }
  const visible = open && results.length > 0;

  return (
    <div className="relative">
      <input
        type="search"
        role="combobox"
        aria-label="Search the menu"
        aria-expanded={visible}
        aria-controls={listId}
        aria-activedescendant={visible && openable.length ? `${listId}-${highlight}` : undefined}
        placeholder="Search menu..."
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        {...suggestions.inputProps}
        className="w-48 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 dark:border-slate-600 dark:bg-slate-900"
      />
      {visible ? (
        <div
          id={listId}
          role="listbox"
          aria-label="Menu suggestions"
          className="absolute top-full right-0 z-50 mt-1 max-h-[16.25rem] w-72 max-w-[calc(100vw-1.5rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {openable.map((entry, i) => (
            <div
              key={`${entry.category}-${entry.item}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === highlight}
              onPointerDown={(e) => {
                e.preventDefault();
                choose(entry);
              }}
              className={`cursor-pointer px-3 py-1 text-sm ${i === highlight ? "bg-brand-100 text-brand-800 dark:bg-slate-700 dark:text-white" : ""}`}
            >
              <MenuEntryLabel item={entry.item} detail={entry.category} />
            </div>
          ))}
          {comingSoon.map((entry) => (
            <div
              key={`${entry.category}-${entry.item}`}
              role="option"
              tabIndex={-1}
              aria-selected={false}
              aria-disabled="true"
              onPointerDown={(e) => e.preventDefault()}
              className="cursor-default px-3 py-1 text-sm text-slate-600 dark:text-slate-400"
            >
              <MenuEntryLabel
                item={entry.item}
                note={access.note(entry.category, entry.item)}
                detail={entry.category}
              />
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
