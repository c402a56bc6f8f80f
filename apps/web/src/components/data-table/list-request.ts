import type { PageRequest } from "./types.ts";

/** A grid page request as the list endpoints' query string (spec records 7 plus our filters). */
export const listQueryParams = (r: PageRequest) => ({
  offset: r.offset,
  after: r.after,
  limit: r.limit,
  sort_by: r.sortBy,
  sort_direction: r.sortDirection,
  filters: Object.keys(r.filters).length ? JSON.stringify(r.filters) : undefined,
  conditions: r.conditions.length ? JSON.stringify(r.conditions) : undefined,
});
