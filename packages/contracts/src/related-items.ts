import { z } from "zod";

/**
 * Related items (spec records 2.4, 3.11, 7, 9): the id-and-name lists behind every "choose a
 * property / building / floor plan" dropdown and the property editor's tabs, with their counts.
 *
 *   GET /api/v1/{entities}/count-by-{scope}?{scope}-id=            -> {count}
 *   GET /api/v1/{entities}/get-id-name-by-{scope}-id?{scope}-id=&page-size=&cursor=&search-term=
 *                                                                  -> {hasNextPage, nextCursor, data[{id, value}]}
 *   GET /api/v1/properties/get-id-name?page-size=&cursor=&search-term=  (the organization's own; no scope)
 */

/** Rows per page of a related-item dropdown (spec records 9). */
export const RELATED_ITEMS_PAGE_SIZE = 50;
/** The dropdown searches this long after typing stops (spec records 9). */
export const RELATED_ITEMS_SEARCH_DEBOUNCE_MS = 100;
/** The dropdown shows up to this many rows at once, each RELATED_ITEMS_ROW_HEIGHT_REM high (spec records 9). */
export const RELATED_ITEMS_VISIBLE_ROWS = 10;
export const RELATED_ITEMS_ROW_HEIGHT_REM = 1.625;
export const RELATED_ITEMS_SEARCH_MAX = 200;
/** Long enough for the position after any shown value; the server makes cursors, clients pass them back. */
export const RELATED_ITEMS_CURSOR_MAX = 2000;

export const relatedItemMessages = {
  searching: "Searching...",
  noMatches: "No matching items found",
  loadFailed: "Failed to load the list. Please try again.",
  badCursor: "This cursor was not given out by this list; start again from the first page",
  propertyNotFound: "Property not found",
  buildingNotFound: "Building not found",
} as const;

const wholeNumberId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);

/** What a list can be scoped to, the query parameter that names it, and how its id looks. */
export const RELATED_ITEM_SCOPES = {
  property: {
    param: "property-id",
    id: z.uuid("Not a property id"),
    notFound: relatedItemMessages.propertyNotFound,
  },
  building: {
    param: "building-id",
    id: wholeNumberId("Not a building id"),
    notFound: relatedItemMessages.buildingNotFound,
  },
} as const;
export type RelatedItemScope = keyof typeof RELATED_ITEM_SCOPES;

/**
 * Every list the API answers, by key: the whitelisted (entity, scope) pairs and the
 * organization-wide ones (scope null: the organization is the session's). `itemId` is the type of
 * the items' ids; `noun` names one item for people ("Add building").
 */
export const RELATED_ITEM_LISTS = {
  "buildings-by-property": { entity: "buildings", scope: "property", itemId: "integer", noun: "building" },
  "floor-plans-by-property": { entity: "floor-plans", scope: "property", itemId: "integer", noun: "floor plan" },
  "units-by-property": { entity: "units", scope: "property", itemId: "integer", noun: "unit" },
  "units-by-building": { entity: "units", scope: "building", itemId: "integer", noun: "unit" },
  "zones-by-property": { entity: "zones", scope: "property", itemId: "integer", noun: "zone" },
  properties: { entity: "properties", scope: null, itemId: "uuid", noun: "property" },
  tenants: { entity: "tenants", scope: null, itemId: "uuid", noun: "tenant" },
  vendors: { entity: "vendors", scope: null, itemId: "uuid", noun: "vendor" },
} as const satisfies Record<
  string,
  { entity: string; scope: RelatedItemScope | null; itemId: "integer" | "uuid"; noun: string }
>;
export type RelatedItemList = keyof typeof RELATED_ITEM_LISTS;
export const RELATED_ITEM_LIST_KEYS = Object.keys(RELATED_ITEM_LISTS) as RelatedItemList[];

/** The lists scoped to a property or building (they have counts), and the organization-wide ones. */
export type ScopedRelatedItemList = {
  [K in RelatedItemList]: (typeof RELATED_ITEM_LISTS)[K]["scope"] extends null ? never : K;
}[RelatedItemList];
export type OrganizationRelatedItemList = Exclude<RelatedItemList, ScopedRelatedItemList>;

/** The scope id's type for a list: a property's uuid or a building's number. */
export type RelatedItemScopeId<L extends RelatedItemList> = (typeof RELATED_ITEM_LISTS)[L]["scope"] extends "property"
  ? string
  : (typeof RELATED_ITEM_LISTS)[L]["scope"] extends "building"
    ? number
    : never;

/** Which list a dropdown reads: an organization-wide one, or a scoped one with its property or building. */
export type RelatedItemSource =
  | { list: OrganizationRelatedItemList }
  | { [L in ScopedRelatedItemList]: { list: L; scopeId: RelatedItemScopeId<L> } }[ScopedRelatedItemList];

const scopeOf = (list: RelatedItemList) => {
  const scope = RELATED_ITEM_LISTS[list].scope as RelatedItemScope | null;
  return scope ? RELATED_ITEM_SCOPES[scope] : null;
};

/** API paths, relative to /api/v1. */
export function relatedItemsPath(list: RelatedItemList) {
  const { entity, scope } = RELATED_ITEM_LISTS[list];
  return scope ? `/${entity}/get-id-name-by-${scope}-id` : `/${entity}/get-id-name`;
}
export function relatedItemsCountPath(list: ScopedRelatedItemList) {
  const { entity, scope } = RELATED_ITEM_LISTS[list];
  return `/${entity}/count-by-${scope}`;
}
/** The query parameter naming a scoped list's property or building. */
export const relatedItemsScopeParam = (list: ScopedRelatedItemList) => scopeOf(list)?.param ?? "";

const pageSize = z.coerce
  .number({ error: `page-size must be a whole number from 1 to ${RELATED_ITEMS_PAGE_SIZE}` })
  .int(`page-size must be a whole number from 1 to ${RELATED_ITEMS_PAGE_SIZE}`)
  .min(1, `page-size must be a whole number from 1 to ${RELATED_ITEMS_PAGE_SIZE}`)
  .max(RELATED_ITEMS_PAGE_SIZE, `page-size must be a whole number from 1 to ${RELATED_ITEMS_PAGE_SIZE}`)
  .default(RELATED_ITEMS_PAGE_SIZE);

/** A page query as the server reads it: the scope id (null for organization-wide lists) and the rest. */
export interface RelatedItemsQuery {
  scopeId: string | number | null;
  pageSize: number;
  cursor: string | undefined;
  /** Trimmed; empty means no search. */
  searchTerm: string;
}

/** The query of a list's page: `{scope}-id` (scoped lists), `page-size`, `cursor`, `search-term`. */
export function relatedItemsQuerySchema(list: RelatedItemList) {
  const scope = scopeOf(list);
  return z
    .object({
      ...(scope ? { [scope.param]: scope.id } : {}),
      "page-size": pageSize,
      cursor: z
        .string()
        .min(1, relatedItemMessages.badCursor)
        .max(RELATED_ITEMS_CURSOR_MAX, relatedItemMessages.badCursor)
        .optional()
        .describe("nextCursor of the previous page; leave out for the first page"),
      "search-term": z
        .string()
        .trim()
        .max(RELATED_ITEMS_SEARCH_MAX, `search-term must be at most ${RELATED_ITEMS_SEARCH_MAX} characters`)
        .optional()
        .describe("Only items whose shown value contains this text, ignoring case"),
    })
    .transform(
      (q): RelatedItemsQuery => ({
        scopeId: scope ? ((q as Record<string, string | number>)[scope.param] ?? null) : null,
        pageSize: q["page-size"],
        cursor: q.cursor,
        searchTerm: q["search-term"] ?? "",
      }),
    );
}

/** The query of a scoped list's count: `{scope}-id`. */
export function relatedItemsCountQuerySchema(list: ScopedRelatedItemList) {
  const scope = scopeOf(list);
  if (!scope) throw new Error(`${list} has no scope to count by`);
  return z
    .object({ [scope.param]: scope.id })
    .transform((q) => ({ scopeId: (q as Record<string, string | number>)[scope.param] as string | number }));
}

const itemIdSchemas = { integer: z.number().int().positive(), uuid: z.uuid() } as const;

/** One item of a list: its id and the text it is shown (and searched) by. */
export const relatedItemSchema = z.object({ id: z.union([z.uuid(), z.number().int().positive()]), value: z.string() });
export type RelatedItem = z.infer<typeof relatedItemSchema>;

/** A page of a list (spec records 3.11): nextCursor is null on the last page. */
export function relatedItemsPageSchema(list: RelatedItemList) {
  return z.object({
    hasNextPage: z.boolean(),
    nextCursor: z.string().nullable(),
    data: z.array(z.object({ id: itemIdSchemas[RELATED_ITEM_LISTS[list].itemId], value: z.string() })),
  });
}
/** Any list's page, as the dropdown reads it. */
export const relatedItemsAnyPageSchema = z.object({
  hasNextPage: z.boolean(),
  nextCursor: z.string().nullable(),
  data: z.array(relatedItemSchema),
});
export type RelatedItemsPage = z.infer<typeof relatedItemsAnyPageSchema>;

/** Count response (spec records 3.11). */
export const relatedItemsCountSchema = z.object({ count: z.number().int().min(0) });
