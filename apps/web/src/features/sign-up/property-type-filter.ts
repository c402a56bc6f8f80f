import { PROPERTY_TYPE_CATEGORIES, type PropertyType } from "@keyholder/contracts/property-types";

/** Types grouped by the five categories (in the spec's order), keeping only those matching the search. */
export function groupPropertyTypes(types: PropertyType[], search: string) {
  const needle = search.trim().toLowerCase();
  const matches = (t: PropertyType) =>
    !needle || t.name.toLowerCase().includes(needle) || t.category.toLowerCase().includes(needle);
  return PROPERTY_TYPE_CATEGORIES.map((category) => ({
    category,
    types: types.filter((t) => t.category === category && matches(t)),
  })).filter((g) => g.types.length > 0);
}
