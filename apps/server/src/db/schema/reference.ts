import { boolean, char, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns } from "./common.ts";

/** Global reference data, shared by every organization and seeded by migration. */

export const usStates = pgTable(
  "us_states",
  {
    id: serial("id").primaryKey(),
    stateCode: char("state_code", { length: 2 }).notNull(),
    stateName: text("state_name").notNull(),
    countryId: integer("country_id").notNull().default(1),
  },
  (t) => [uniqueIndex("us_states_code_key").on(t.stateCode)],
);

export const propertyTypes = pgTable(
  "property_types",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Commercial | Industrial | Mixed Use | Residential | Special Use */
    category: text("category").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [uniqueIndex("property_types_code_key").on(t.code)],
);

export const buildingTypes = pgTable(
  "building_types",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Corporate | Residential: the menu's Building > Corporate / Residential views filter on it. */
    category: text("category").notNull(),
    isActive: boolean("is_active").notNull().default(true),
  },
  (t) => [uniqueIndex("building_types_name_key").on(t.name)],
);

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    displayName: text("display_name").notNull(),
    description: text("description").notNull(),
    ...auditColumns(),
  },
  (t) => [uniqueIndex("roles_name_key").on(t.name)],
);
