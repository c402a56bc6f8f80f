import { type PropertySearchResult, SEARCH_DEBOUNCE_MS, searchMessages } from "@keyholder/contracts/property-search";
import { forwardRef, useEffect, useId, useState } from "react";
import { useSuggestions } from "../../../hooks/use-suggestions.ts";
import { searchProperties } from "../api/search-properties.ts";
import { useMediaQuery } from "../hooks/use-media-query.ts";

const addressLine = (p: PropertySearchResult) =>
  p.address ? `${p.address.address_line_1}, ${p.address.city}, ${p.address.state_code} ${p.address.zipcode}` : "";

/**
 * The header's property search (spec sections 2 and 4): 300 ms after typing, arrow keys and Enter
 * pick, Escape closes, blur closes after 200 ms, picking clears the box. Blank text sends nothing.
 */
export const PropertySearch = forwardRef<HTMLInputElement, { onPick(property: PropertySearchResult): void }>(
  function PropertySearch({ onPick }, ref) {
    const [text, setText] = useState("");
    const [results, setResults] = useState<PropertySearchResult[]>([]);
    const [status, setStatus] = useState<"idle" | "searching" | "done" | "failed">("idle");
    const listId = useId();
    // The long hint is cut off on a phone; there the short one says enough.
    const wide = useMediaQuery("(min-width: 640px)");
    const suggestions = useSuggestions(results, pick);
    const { open, setOpen, highlight, resetHighlight } = suggestions;

    useEffect(() => {
      const query = text.trim();
      if (!query) {
        setResults([]);
        setStatus("idle");
        return;
      }
      const controller = new AbortController();
      const timer = setTimeout(() => {
        setStatus("searching");
        searchProperties(query, controller.signal).then(
          (r) => {
            setResults(r.properties);
            resetHighlight();
            setStatus("done");
          },
          () => {
            if (controller.signal.aborted) return;
            setResults([]);
            setStatus("failed");
          },
        );
      }, SEARCH_DEBOUNCE_MS);
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    }, [text, resetHighlight]);

    function pick(p: PropertySearchResult) {
      onPick(p);
      setText("");
      setResults([]);
      setOpen(false);
    }
    const showList = open && status !== "idle";

    return (
      <div className="relative w-full max-w-md">
        <input
          ref={ref}
          type="search"
          role="combobox"
          aria-label="Search properties"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && results.length ? `${listId}-${highlight}` : undefined}
          placeholder={wide ? "Search properties by name or address" : "Search properties"}
          aria-keyshortcuts="Control+S"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          {...suggestions.inputProps}
          className="peer w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-1.5 text-sm outline-none placeholder:text-slate-500 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-500/30 md:pr-16 dark:border-slate-600 dark:bg-slate-800 dark:placeholder:text-slate-400 dark:focus:bg-slate-900"
        />
        {/* The shortcut, where there is room for it; gone once the user is in the box or has typed. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-300 bg-white px-1.5 text-xs text-slate-600 peer-focus:hidden peer-[:not(:placeholder-shown)]:hidden md:block dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300"
        >
          Ctrl S
        </span>
        {showList ? (
          <div className="absolute top-full right-0 left-0 z-50 mt-1 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
            {status === "searching" ? (
              <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">{searchMessages.searching}</p>
            ) : null}
            {status === "failed" ? (
              <p role="alert" className="px-3 py-2 text-sm text-red-600">
                {searchMessages.failed}
              </p>
            ) : null}
            {status === "done" && results.length === 0 ? (
              <p className="px-3 py-2 text-sm text-slate-500 dark:text-slate-400">
                No properties match "{text.trim()}"
              </p>
            ) : null}
            <div id={listId} role="listbox" aria-label="Property suggestions">
              {results.map((p, i) => (
                <div
                  key={p.id}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === highlight}
                  onPointerDown={(e) => {
                    e.preventDefault();
                    pick(p);
                  }}
                  className={`cursor-pointer px-3 py-1.5 ${i === highlight ? "bg-brand-100 dark:bg-slate-700" : ""}`}
                >
                  <span className="block text-sm font-medium">{p.name}</span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">{addressLine(p)}</span>
                </div>
              ))}
            </div>
          </div>
        ) : null}
      </div>
    );
  },
);
