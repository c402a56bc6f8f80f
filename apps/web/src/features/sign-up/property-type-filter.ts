import { PROPERTY_TYPE_CATEGORIES, type PropertyType } from "@keyholder/contracts/property-types";

/** Residential first (most people signing up are landlords), then the others in the spec's order. */
const CATEGORY_ORDER = [
  "Residential",
  ...PROPERTY_TYPE_CATEGORIES.filter((c) => c !== "Residential"),
] as const satisfies readonly PropertyType["category"][];

/** Types grouped by the five categories, keeping only those matching the search. */
export function groupPropertyTypes(types: PropertyType[], search: string) {
  const needle = search.trim().toLowerCase();
  const matches = (t: PropertyType) =>
    !needle || t.name.toLowerCase().includes(needle) || t.category.toLowerCase().includes(needle);
  return CATEGORY_ORDER.map((category) => ({
    category,
    types: types.filter((t) => t.category === category && matches(t)),
  })).filter((g) => g.types.length > 0);
}
