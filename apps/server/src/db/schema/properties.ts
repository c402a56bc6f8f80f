import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { auditColumns, organizationId, tenantPolicy } from "./common.ts";
import { organizations } from "./organizations.ts";
import { buildingTypes, propertyTypes, usStates } from "./reference.ts";

/*
 * Every tenant table is keyed (organization_id, id) and references its parents by
 * (organization_id, parent_id): the database itself refuses a building that points at another
 * organization's property, and the keys are already those a Citus table distributed by
 * organization_id needs.
 */

const org = () => organizationId().references(() => organizations.id, { onDelete: "cascade" });

export const addresses = pgTable(
  "addresses",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    addressLine1: text("address_line_1").notNull(),
    addressLine2: text("address_line_2"),
    addressLine3: text("address_line_3"),
    city: text("city").notNull(),
    stateId: integer("state_id")
      .notNull()
      .references(() => usStates.id),
    zipcode: text("zipcode").notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    addressType: text("address_type").notNull().default("physical"),
    primaryAddress: boolean("primary_address").notNull().default(true),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("addresses_zip_idx").on(t.zipcode),
    // The public search's first step: the addresses inside the radius's bounding box, platform-wide.
    index("addresses_lat_lon_idx").on(t.latitude, t.longitude),
    tenantPolicy(),
  ],
);

export const properties = pgTable(
  "properties",
  {
    organizationId: org(),
    id: uuid("id").notNull().defaultRandom(),
    name: text("name").notNull(),
    /** The name lower-cased, kept by a trigger (migration 0026): filters on units' property names test it with LIKE (decision 005). */
    nameFolded: text("name_folded"),
    propertyTypeId: integer("property_type_id")
      .notNull()
      .references(() => propertyTypes.id),
    /** persons.id of the manager */
    propertyManagerId: integer("property_manager_id"),
    addressId: bigint("address_id", { mode: "number" }),
    lotSize: numeric("lot_size", { mode: "number" }),
    lotSizeUnit: text("lot_size_unit"),
    numberOfParkingSpots: integer("number_of_parking_spots"),
    /** allowed | cats_only | dogs_only | not_allowed; null when not recorded (shown on the public page). */
    petPolicy: text("pet_policy"),
    /** Public page address /properties/{slug}; unique platform-wide because the public route names no organization. */
    propertySlug: text("property_slug"),
    /** Off until someone lists the property, which asks for an available unit (decision 021). */
    showPropertyOnline: boolean("show_property_online").notNull().default(false),
    yearBuilt: integer("year_built"),
    lastRenovated: date("last_renovated", { mode: "string" }),
    openingHours: jsonb("opening_hours"),
    /**
     * The property's units, occupied units and buildings, kept exact by statement triggers on units
     * and buildings (migration property_counters), so the grid sorts and filters on them by index.
     */
    totalUnits: integer("total_units").notNull().default(0),
    occupiedUnits: integer("occupied_units").notNull().default(0),
    totalBuildings: integer("total_buildings").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("properties_slug_key").on(t.propertySlug),
    // By name then id: the grid's first pages and the property dropdown's keyset pages (decision 014).
    index("properties_org_name_idx").on(t.organizationId, t.name, t.id),
    // The names a filter on units' property names scans; migration 0026 adds INCLUDE (id, total_units)
    // (which drizzle cannot declare) so the scan reads the index alone.
    index("properties_org_name_folded_idx").on(t.organizationId, t.nameFolded),
    // One per grid sort key on the property's own columns (the joined ones sort a few thousand rows).
    ...(
      [
        ["properties_org_slug_idx", t.propertySlug],
        ["properties_org_active_idx", t.isActive],
        ["properties_org_created_idx", t.createdDate],
        ["properties_org_modified_idx", t.lastModifiedDate],
        ["properties_org_total_units_idx", t.totalUnits],
        ["properties_org_occupied_units_idx", t.occupiedUnits],
        ["properties_org_total_buildings_idx", t.totalBuildings],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key, t.id)),
    index("properties_org_slug_desc_idx").on(
      t.organizationId,
      t.propertySlug.desc().nullsLast(),
      t.id.desc().nullsFirst(),
    ),
    index("properties_org_occupancy_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0))`,
      t.id,
    ),
    index("properties_org_occupancy_desc_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0)) desc nulls last`,
      t.id.desc().nullsFirst(),
    ),
    // Addresses back to their properties: the public search's join and the buildings' location copies.
    index("properties_address_idx").on(t.organizationId, t.addressId),
    foreignKey({ columns: [t.organizationId, t.addressId], foreignColumns: [addresses.organizationId, addresses.id] }),
    tenantPolicy(),
  ],
);

/**
 * A zone groups buildings of one property (its wings, phases or courts); a building is in at most
 * one zone of its own property (buildings.zone_id).
 */
export const zones = pgTable(
  "zones",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    propertyId: uuid("property_id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    logo: text("logo"),
    secondaryUrl: text("secondary_url"),
    url: text("url"),
    taxId: text("tax_id"),
    /*
     * What the grid shows of the zone's property and its location (the property's address), copied
     * here by triggers (migration 0014_zones) like the buildings' copies, so every sort key is an
     * index on this one table.
     */
    propertyName: text("property_name").notNull().default(""),
    city: text("city"),
    stateName: text("state_name"),
    /**
     * The buildings in the zone and the units (occupied units) in them, kept exact by statement
     * triggers on buildings (migration 0014_zones), which follow the buildings' own unit counters.
     */
    buildingCount: integer("building_count").notNull().default(0),
    totalUnits: integer("total_units").notNull().default(0),
    occupiedUnits: integer("occupied_units").notNull().default(0),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One index per grid sort key (see buildings).
    ...(
      [
        ["zones_org_name_idx", t.name],
        ["zones_org_property_name_idx", t.propertyName],
        ["zones_org_url_idx", t.url],
        ["zones_org_tax_id_idx", t.taxId],
        ["zones_org_city_idx", t.city],
        ["zones_org_state_name_idx", t.stateName],
        ["zones_org_building_count_idx", t.buildingCount],
        ["zones_org_total_units_idx", t.totalUnits],
        ["zones_org_occupied_units_idx", t.occupiedUnits],
        ["zones_org_created_idx", t.createdDate],
        ["zones_org_modified_idx", t.lastModifiedDate],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key, t.id)),
    ...(
      [
        ["zones_org_url_desc_idx", t.url],
        ["zones_org_tax_id_desc_idx", t.taxId],
        ["zones_org_city_desc_idx", t.city],
        ["zones_org_state_name_desc_idx", t.stateName],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key.desc().nullsLast(), t.id.desc().nullsFirst())),
    index("zones_org_occupancy_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0))`,
      t.id,
      t.occupiedUnits,
      t.totalUnits,
    ),
    index("zones_org_occupancy_desc_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0)) desc nulls last`,
      t.id.desc().nullsFirst(),
      t.occupiedUnits,
      t.totalUnits,
    ),
    // A property's zones by name: its Zones tab's count and dropdown pages, the building form's
    // choice, the copies' triggers and the cascade.
    index("zones_property_idx").on(t.organizationId, t.propertyId, t.name, t.id),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);

export const buildings = pgTable(
  "buildings",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    propertyId: uuid("property_id").notNull(),
    name: text("name"),
    /** The name lower-cased, kept by a trigger (migration 0026): filters on units' building names test it with LIKE (decision 005). */
    nameFolded: text("name_folded"),
    buildingNumber: bigint("building_number", { mode: "number" }),
    /** The declared unit count of the building form; the grid's totals are the two counters below. */
    numberOfUnits: integer("number_of_units").notNull().default(0),
    buildingTypeId: integer("building_type_id").references(() => buildingTypes.id),
    addressId: bigint("address_id", { mode: "number" }),
    /** The zone of its property the building is in, if any. */
    zoneId: bigint("zone_id", { mode: "number" }),
    /**
     * Units in this building, and those occupied. Kept exact by statement triggers on units
     * (migration building_unit_counter_triggers) so the grid sorts and filters on them through an
     * index instead of aggregating every unit of the organization per request.
     */
    totalUnits: integer("total_units").notNull().default(0),
    occupiedUnits: integer("occupied_units").notNull().default(0),
    /*
     * What the grid shows of the building's property, type and location (the building's own address,
     * else its property's), copied here by triggers (migration building_shown_names) and kept equal
     * to the source rows. The grid sorts and filters on them; read through joins, sorting 38,000
     * buildings by property name sorted all of them per page.
     */
    // Never empty (a building always has a property), so the trigger overwrites this default.
    propertyName: text("property_name").notNull().default(""),
    buildingTypeName: text("building_type_name"),
    city: text("city"),
    stateName: text("state_name"),
    /** The zone's name, copied like the names above (migration 0014_zones). */
    zoneName: text("zone_name"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One index per grid sort key, so finding a page's keys (even deep ones) is an index-only range.
    ...(
      [
        ["buildings_org_name_idx", t.name],
        ["buildings_org_number_idx", t.buildingNumber],
        ["buildings_org_created_idx", t.createdDate],
        ["buildings_org_modified_idx", t.lastModifiedDate],
        ["buildings_org_total_units_idx", t.totalUnits],
        ["buildings_org_occupied_units_idx", t.occupiedUnits],
        ["buildings_org_property_name_idx", t.propertyName],
        ["buildings_org_type_name_idx", t.buildingTypeName],
        ["buildings_org_city_idx", t.city],
        ["buildings_org_state_name_idx", t.stateName],
        ["buildings_org_zone_name_idx", t.zoneName],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key, t.id)),
    // Keys that can be empty sort empty values last both ways, which a backward scan of the indexes
    // above does not give; these serve the descending pages (and, read backward, ascending ones from the end).
    ...(
      [
        ["buildings_org_name_desc_idx", t.name],
        ["buildings_org_number_desc_idx", t.buildingNumber],
        ["buildings_org_type_name_desc_idx", t.buildingTypeName],
        ["buildings_org_city_desc_idx", t.city],
        ["buildings_org_state_name_desc_idx", t.stateName],
        ["buildings_org_zone_name_desc_idx", t.zoneName],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key.desc().nullsLast(), t.id.desc().nullsFirst())),
    // Same expression as the grid's occupancy-rate sort key, or the planner cannot use it; the two
    // counters last because an index-only scan needs the expression's columns.
    index("buildings_org_occupancy_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0))`,
      t.id,
      t.occupiedUnits,
      t.totalUnits,
    ),
    index("buildings_org_occupancy_desc_idx").on(
      t.organizationId,
      sql`(occupied_units::float / nullif(total_units, 0)) desc nulls last`,
      t.id.desc().nullsFirst(),
      t.occupiedUnits,
      t.totalUnits,
    ),
    index("buildings_property_idx").on(t.organizationId, t.propertyId),
    // As properties_org_name_folded_idx: INCLUDE (id, total_units) added by migration 0026.
    index("buildings_org_name_folded_idx").on(t.organizationId, t.nameFolded),
    index("buildings_address_idx").on(t.organizationId, t.addressId).where(sql`address_id is not null`),
    // A zone's buildings: its counters' triggers, its overview and the unlinking when it goes.
    index("buildings_zone_idx").on(t.organizationId, t.zoneId),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    // Deleting a zone takes its buildings out of it (migration 0014 clears zone_id only).
    foreignKey({ columns: [t.organizationId, t.zoneId], foreignColumns: [zones.organizationId, zones.id] }).onDelete(
      "set null",
    ),
    foreignKey({ columns: [t.organizationId, t.addressId], foreignColumns: [addresses.organizationId, addresses.id] }),
    tenantPolicy(),
  ],
);

export const floorPlans = pgTable(
  "floor_plans",
  {
    organizationId: org(),
    id: bigint("id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    propertyId: uuid("property_id"),
    planName: text("plan_name").notNull(),
    planCode: text("plan_code"),
    bedRooms: numeric("bed_rooms", { mode: "number" }).notNull(),
    bathRooms: numeric("bath_rooms", { mode: "number" }).notNull(),
    numberOfLevels: integer("number_of_levels").notNull().default(1),
    totalSquareFeet: integer("total_square_feet"),
    rentableSquareFeet: integer("rentable_square_feet"),
    usableSquareFeet: integer("usable_square_feet"),
    roomCountTotal: integer("room_count_total"),
    laundryType: text("laundry_type"),
    baseRentEstimate: numeric("base_rent_estimate", { precision: 12, scale: 2, mode: "number" }).notNull(),
    description: text("description"),
    active: boolean("active").notNull().default(true),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    // One per grid sort key: the bench showed each unindexed key sorting every row of the organization.
    ...(
      [
        ["floor_plans_org_name_idx", t.planName],
        ["floor_plans_org_code_idx", t.planCode],
        ["floor_plans_org_bed_rooms_idx", t.bedRooms],
        ["floor_plans_org_bath_rooms_idx", t.bathRooms],
        ["floor_plans_org_square_feet_idx", t.totalSquareFeet],
        ["floor_plans_org_rent_idx", t.baseRentEstimate],
        ["floor_plans_org_active_idx", t.active],
        ["floor_plans_org_created_idx", t.createdDate],
        ["floor_plans_org_modified_idx", t.lastModifiedDate],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key, t.id)),
    // The keys that can be empty, for descending pages with empty values last (see buildings).
    ...(
      [
        ["floor_plans_org_code_desc_idx", t.planCode],
        ["floor_plans_org_square_feet_desc_idx", t.totalSquareFeet],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key.desc().nullsLast(), t.id.desc().nullsFirst())),
    // A property's floor plans: its overview's count, and the cascade when it is deleted.
    index("floor_plans_property_idx").on(t.organizationId, t.propertyId),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    tenantPolicy(),
  ],
);

export const units = pgTable(
  "units",
  {
    organizationId: org(),
    unitId: bigint("unit_id", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
    propertyId: uuid("property_id").notNull(),
    buildingId: bigint("building_id", { mode: "number" }),
    floorPlanId: bigint("floor_plan_id", { mode: "number" }),
    unitNumber: text("unit_number").notNull(),
    addressId: bigint("address_id", { mode: "number" }),
    dateAvailable: date("date_available", { mode: "string" }),
    numberOfBedrooms: numeric("number_of_bedrooms", { mode: "number" }),
    numberOfBathrooms: numeric("number_of_bathrooms", { mode: "number" }),
    squareFootage: integer("square_footage"),
    occupied: boolean("occupied").notNull().default(false),
    /*
     * What the grid shows and sorts of the unit's property, building and floor plan, and its city
     * and state (its own address, else its building's location, else its property's address),
     * copied here by triggers (migration units) and kept equal to the source rows, as buildings
     * keep theirs (decision 005): sorting a million units by a joined name sorted all of them.
     */
    // Never empty (a unit always has a property), so the trigger overwrites this default.
    propertyName: text("property_name").notNull().default(""),
    buildingName: text("building_name"),
    floorPlanName: text("floor_plan_name"),
    baseRentEstimate: numeric("base_rent_estimate", { precision: 12, scale: 2, mode: "number" }),
    city: text("city"),
    stateName: text("state_name"),
    ...auditColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.unitId] }),
    index("units_building_idx").on(t.organizationId, t.buildingId, t.occupied),
    index("units_property_idx").on(t.organizationId, t.propertyId),
    // A listed property's available units, per property (the public facts and page, decision 021);
    // the migration adds INCLUDE of the columns they read, which drizzle cannot declare.
    index("units_vacant_property_idx").on(t.organizationId, t.propertyId).where(sql`not occupied`),
    index("units_floor_plan_idx").on(t.organizationId, t.floorPlanId),
    // The assistant's counts by bedrooms: vacant and occupied read from the index alone.
    index("units_org_bedrooms_occupied_idx").on(t.organizationId, t.numberOfBedrooms, t.occupied),
    // One index per grid sort key (decision 005), so a page's keys, even deep ones, are an index-only
    // range. Migration 0025 rebuilds them with INCLUDE columns (which drizzle cannot declare).
    index("units_org_number_idx").on(t.organizationId, t.unitNumber, t.unitId),
    ...(
      [
        ["units_org_building_name_idx", t.buildingName],
        ["units_org_property_name_idx", t.propertyName],
        ["units_org_plan_name_idx", t.floorPlanName],
        ["units_org_bedrooms_idx", t.numberOfBedrooms],
        ["units_org_bathrooms_idx", t.numberOfBathrooms],
        ["units_org_square_footage_idx", t.squareFootage],
        ["units_org_occupied_idx", t.occupied],
        ["units_org_date_available_idx", t.dateAvailable],
        ["units_org_rent_idx", t.baseRentEstimate],
        ["units_org_city_idx", t.city],
        ["units_org_state_name_idx", t.stateName],
        ["units_org_created_idx", t.createdDate],
        ["units_org_modified_idx", t.lastModifiedDate],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key, t.unitId)),
    // Keys that can be empty sort empty values last both ways; these serve their descending pages.
    ...(
      [
        ["units_org_building_name_desc_idx", t.buildingName],
        ["units_org_plan_name_desc_idx", t.floorPlanName],
        ["units_org_bedrooms_desc_idx", t.numberOfBedrooms],
        ["units_org_bathrooms_desc_idx", t.numberOfBathrooms],
        ["units_org_square_footage_desc_idx", t.squareFootage],
        ["units_org_date_available_desc_idx", t.dateAvailable],
        ["units_org_rent_desc_idx", t.baseRentEstimate],
        ["units_org_city_desc_idx", t.city],
        ["units_org_state_name_desc_idx", t.stateName],
      ] as const
    ).map(([name, key]) => index(name).on(t.organizationId, key.desc().nullsLast(), t.unitId.desc().nullsFirst())),
    // A unit with an address of its own: the trigger that follows an address's city and state.
    index("units_address_idx").on(t.organizationId, t.addressId).where(sql`address_id is not null`),
    foreignKey({
      columns: [t.organizationId, t.propertyId],
      foreignColumns: [properties.organizationId, properties.id],
    }).onDelete("cascade"),
    foreignKey({
      columns: [t.organizationId, t.buildingId],
      foreignColumns: [buildings.organizationId, buildings.id],
    }).onDelete("set null"),
    foreignKey({
      columns: [t.organizationId, t.floorPlanId],
      foreignColumns: [floorPlans.organizationId, floorPlans.id],
    }).onDelete("set null"),
    tenantPolicy(),
  ],
);

/**
 * Rows per organization of the tables whose grids show a total (total_count), kept exact by
 * statement triggers (migration building_unit_counter_triggers): an unfiltered list reads its total
 * here instead of counting every row of the organization on each request.
 */
export const organizationRowCounts = pgTable(
  "organization_row_counts",
  {
    organizationId: org(),
    /** The counted table, e.g. "buildings". */
    tableName: text("table_name").notNull(),
    rowCount: bigint("row_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName] }), tenantPolicy()],
);

/**
 * The distinct values a grid column holds in an organization, with how many rows hold each, kept
 * exact by statement triggers (migration grid_values). A filter on such a column is first tested on
 * these few thousand values: their row counts sum to the filter's exact total without counting
 * the matching rows, and tell how the page is best read (decision 018). Empty cells are the value
 * ''; a date column holds its UTC calendar day (YYYY-MM-DD). A value no row holds any more stays,
 * with row_count 0, until the organization is deleted.
 */
export const gridValues = pgTable(
  "grid_values",
  {
    organizationId: org(),
    tableName: text("table_name").notNull(),
    columnName: text("column_name").notNull(),
    value: text("value").notNull(),
    rowCount: bigint("row_count", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.tableName, t.columnName, t.value] }), tenantPolicy()],
);
