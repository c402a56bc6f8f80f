import { bigint, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";

/**
 * The 1099 reporting threshold the organization uses for a tax year (issue 29 item 8, decision
 * 045): the law changes it (the contracts hold the known defaults), so it is a setting per year.
 */
export const taxYearThresholds = pgTable(
  "tax_year_thresholds",
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: "cascade" }),
    year: integer("year").notNull(),
    thresholdCents: bigint("threshold_cents", { mode: "number" }).notNull(),
    updatedBy: integer("updated_by"),
    updatedDate: timestamp("updated_date", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.year] }), tenantPolicy()],
);
