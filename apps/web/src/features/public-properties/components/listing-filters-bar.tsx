import {
  PUBLIC_BEDROOM_CHOICES,
  PUBLIC_BEDROOM_LABELS,
  PUBLIC_SEARCH_RADII,
  PUBLIC_SORT_LABELS,
  PUBLIC_SORTS,
  type PublicSearchRadius,
  type PublicSort,
} from "@keyholder/contracts/public-properties";
import { SelectField } from "../../../components/ui/select-field.tsx";
import type { ListingFilters } from "../utils/listing-filters.ts";
import { moneyText } from "../utils/listing-format.ts";

/** The maximum rents offered; a shared link with another amount shows it too. */
const RENT_STEPS = [1000, 1500, 2000, 2500, 3000, 4000, 5000];

const pill =
  "cursor-pointer rounded-full border px-3 py-1.5 text-sm font-medium transition-colors has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2 border-slate-300 bg-white text-slate-800 hover:border-brand-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:has-[:focus-visible]:ring-offset-slate-950";

/**
 * The search's filters: each change applies at once (a new URL, page 1), so every view is a link
 * that can be shared or bookmarked.
 */
export function ListingFiltersBar({
  filters,
  onFilters,
}: {
  filters: ListingFilters;
  onFilters(filters: ListingFilters): void;
}) {
  const change = (patch: Partial<ListingFilters>) => onFilters({ ...filters, ...patch, page: 1 });
  const rents = [...new Set([...RENT_STEPS, ...(filters.maxRent ? [filters.maxRent] : [])])].sort((a, b) => a - b);
  return (
    <div className="mt-6 flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:flex-row lg:flex-wrap lg:items-end dark:border-slate-800 dark:bg-slate-900">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">Bedrooms</legend>
        <div className="flex flex-wrap gap-2">
          {[undefined, ...PUBLIC_BEDROOM_CHOICES].map((choice) => (
            <label key={choice ?? "any"} className={pill}>
              <input
                type="radio"
                name="bedrooms"
                className="sr-only"
                checked={filters.bedrooms === choice}
                onChange={() => change({ bedrooms: choice })}
              />
              {choice === undefined ? "Any" : choice === "3plus" ? "3+" : choice === "studio" ? "Studio" : choice}
              {choice && choice !== "studio" ? (
                <span className="sr-only"> ({PUBLIC_BEDROOM_LABELS[choice]})</span>
              ) : null}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:flex lg:gap-4">
        <div className="lg:w-36">
          <SelectField
            label="Max rent"
            value={filters.maxRent === undefined ? "" : String(filters.maxRent)}
            onChange={(v) => change({ maxRent: v === "" ? undefined : Number(v) })}
            options={[{ value: "", label: "Any" }, ...rents.map((r) => ({ value: String(r), label: moneyText(r) }))]}
          />
        </div>
        <div className="lg:w-36">
          <SelectField
            label="Within"
            value={String(filters.radius)}
            onChange={(v) => change({ radius: Number(v) as PublicSearchRadius })}
            options={PUBLIC_SEARCH_RADII.map((r) => ({ value: String(r), label: `${r} miles` }))}
          />
        </div>
        <div className="col-span-2 sm:col-span-1 lg:w-52">
          <SelectField
            label="Sort by"
            value={filters.sort}
            onChange={(v) => change({ sort: v as PublicSort })}
            options={PUBLIC_SORTS.map((s) => ({ value: s, label: PUBLIC_SORT_LABELS[s] }))}
          />
        </div>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800 lg:mb-2 dark:text-slate-100">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-700"
          checked={filters.kind === "commercial"}
          onChange={(e) => change({ kind: e.target.checked ? "commercial" : "residential" })}
        />
        Commercial
        <span className="font-normal text-slate-600 dark:text-slate-400">(offices, retail, industrial)</span>
      </label>
    </div>
  );
}
