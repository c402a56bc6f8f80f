import { useSearch } from "@tanstack/react-router";

/**
 * The lease the resident picked in the layout's switcher (decision 036, "Several leases"): the
 * portal's `?lease=` search parameter, kept from page to page; none means their current lease.
 */
export function useChosenLease(): string | undefined {
  const search = useSearch({ strict: false }) as { lease?: unknown };
  return typeof search.lease === "string" && search.lease ? search.lease : undefined;
}
