import { date, pgTable } from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/**
 * The last day (in the organization's time zone) whose lease starts and ends the occupancy refresh
 * has applied to units (issue 27 item 12). Lease changes refresh their units at once (triggers,
 * migration occupancy_follows_leases); this row makes the daily refresh catch up every day missed.
 */
export const occupancyRefreshes = pgTable(
  "occupancy_refreshes",
  {
    organizationId: organizationId()
      .primaryKey()
      .references(() => organizations.id, { onDelete: "cascade" }),
    refreshedOn: date("refreshed_on", { mode: "string" }).notNull(),
  },
  () => [tenantPolicy()],
);
