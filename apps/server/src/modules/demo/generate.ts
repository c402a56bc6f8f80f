import { sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import {
  addresses,
  buildings,
  buildingTypes,
  floorPlans,
  persons,
  properties,
  propertyTypes,
  staff,
  units,
  usStates,
  zones,
} from "../../db/schema/index.ts";
import { zipCentres } from "../../lib/geo/zip-centres.ts";
import {
  departments,
  firstNames,
  floorPlanShapes,
  jobTitles,
  lastNames,
  propertyPrefixes,
  propertySuffixes,
  streetNames,
  zoneNames,
} from "./names.ts";
import { createRandom, type Random } from "./random.ts";

export interface GenerateOptions {
  orgId: string;
  /** Number used in public slugs so they stay unique across organizations. */
  orgNumber: number;
  adminUserId: number;
  /** About this many units; everything else is proportional. */
  scale: number;
  seed: number;
  log?: (message: string) => void;
}

type Generation = GenerateOptions & {
  /** Midnight UTC of the day the data is made: units' available dates are near it. */
  today: number;
  /** Which occupied units' tenants have given notice, and until when. */
  notices: Random;
};

export interface GeneratedCounts {
  properties: number;
  buildings: number;
  floorPlans: number;
  units: number;
  zones: number;
  staff: number;
}

const BATCH = 1000;
/** Properties written per transaction: bounds memory and transaction size at a million units. */
const PROPERTIES_PER_TX = 250;
/** Units after which statistics are first refreshed during a seed; then at every fourfold growth. */
const ANALYZE_FIRST_AT = 20_000;
const DAY_MS = 86_400_000;

async function insertAll(tx: Tx, table: PgTable, rows: Record<string, unknown>[]) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
}

const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A realistic organization: properties at real ZIP codes with buildings, floor plans, units (about
 * 92% occupied), zones, property managers and staff in every invitation state. Deterministic for a
 * given seed, except the dates that only make sense near today: units' available dates and
 * invitation expiry.
 */
export async function generateDemoData(db: Database, options: GenerateOptions): Promise<GeneratedCounts> {
  const o: Generation = {
    ...options,
    today: Math.floor(Date.now() / DAY_MS) * DAY_MS,
    notices: createRandom(options.seed + 1),
  };
  const rnd = createRandom(o.seed);
  const audit = { createdBy: o.adminUserId, lastModifiedBy: o.adminUserId };
  const reference = await asSystem(db, async (tx) => ({
    states: new Map((await tx.select().from(usStates)).map((s) => [s.stateCode, s.id])),
    propertyTypeIds: (await tx.select({ id: propertyTypes.id, category: propertyTypes.category }).from(propertyTypes))
      .filter((t) => t.category === "Residential" || t.category === "Mixed Use")
      .map((t) => t.id),
    buildingTypeIds: (await tx.select({ id: buildingTypes.id }).from(buildingTypes)).map((t) => t.id),
  }));
  const counts: GeneratedCounts = { properties: 0, buildings: 0, floorPlans: 0, units: 0, zones: 0, staff: 0 };

  const managers = await asSystem(db, (tx) =>
    tx
      .insert(persons)
      .values(
        Array.from({ length: Math.max(3, Math.min(500, Math.ceil(o.scale / 2000))) }, () => {
          const first = rnd.pick(firstNames);
          const last = rnd.pick(lastNames);
          return {
            organizationId: o.orgId,
            firstName: first,
            lastName: last,
            email: `${first}.${last}.${rnd.int(10, 9999)}@example.com`.toLowerCase(),
            phone: `(${rnd.int(201, 989)}) ${rnd.int(200, 999)}-${rnd.int(1000, 9999)}`,
            ...audit,
          };
        }),
      )
      .returning({ id: persons.id }),
  );

  let remaining = o.scale;
  let propertyIndex = 0;
  let analyzeAt = ANALYZE_FIRST_AT;
  while (remaining > 0) {
    await asSystem(db, async (tx) => {
      for (let p = 0; p < PROPERTIES_PER_TX && remaining > 0; p++) {
        const planned = Math.min(remaining, rnd.int(24, 120));
        remaining -= planned;
        propertyIndex += 1;
        await generateProperty(tx, rnd, o, reference, managers, propertyIndex, planned, counts);
      }
    });
    o.log?.(
      `  ${counts.units.toLocaleString("en-US")} units in ${counts.properties.toLocaleString("en-US")} properties`,
    );
    if (counts.units >= analyzeAt) {
      await analyzeGeneratedTables(db);
      analyzeAt *= 4;
    }
  }

  // The properties' unit and building counters follow by trigger (migration 0013).
  await asSystem(db, (tx) => generateStaff(tx, rnd, o, counts));
  // Outside a transaction (VACUUM cannot run in one): marks the new pages all-visible, so the grids'
  // index-only scans skip the heap from the first request instead of after autovacuum's next round.
  await db.execute(sql`vacuum (analyze) ${GROWN_TABLES}`);
  return counts;
}

/** The tables the generator grows, whose statistics it refreshes. */
const GROWN_TABLES = sql.raw("units, buildings, zones, floor_plans, properties, addresses, organization_row_counts");

/**
 * Fresh planner statistics while the tables grow: the unit-counter triggers join each batch's units
 * to buildings, and on statistics from when the tables were empty the planner scans instead of
 * probing (a 1,000,000-unit seed took 2.5 times as long). Autovacuum catches up only later.
 */
async function analyzeGeneratedTables(db: Database) {
  await db.execute(sql`analyze ${GROWN_TABLES}`);
}

async function generateProperty(
  tx: Tx,
  rnd: Random,
  o: Generation,
  ref: { states: Map<string, number>; propertyTypeIds: number[]; buildingTypeIds: number[] },
  managers: { id: number }[],
  index: number,
  unitCount: number,
  counts: GeneratedCounts,
) {
  const [zip, city, state, lat, lon] = rnd.pick(zipCentres);
  const audit = { createdBy: o.adminUserId, lastModifiedBy: o.adminUserId };
  const [address] = await tx
    .insert(addresses)
    .values({
      organizationId: o.orgId,
      addressLine1: `${rnd.int(100, 9899)} ${rnd.pick(streetNames)}`,
      city,
      stateId: ref.states.get(state) ?? 1,
      zipcode: zip,
      latitude: Number((lat + (rnd.next() - 0.5) * 0.06).toFixed(6)),
      longitude: Number((lon + (rnd.next() - 0.5) * 0.06).toFixed(6)),
      ...audit,
    })
    .returning({ id: addresses.id });
  const name = `${rnd.pick(propertyPrefixes)} ${rnd.pick(propertySuffixes)}`;
  const yearBuilt = rnd.int(1965, 2022);
  const [property] = await tx
    .insert(properties)
    .values({
      organizationId: o.orgId,
      name,
      propertyTypeId: rnd.pick(ref.propertyTypeIds),
      propertyManagerId: rnd.pick(managers).id,
      addressId: address?.id,
      lotSize: Number((rnd.int(5, 120) / 10).toFixed(1)),
      lotSizeUnit: "acres",
      numberOfParkingSpots: Math.round(unitCount * (1 + rnd.next())),
      propertySlug: `${slugify(name)}-${o.orgNumber}-${index}`,
      showPropertyOnline: rnd.chance(0.85),
      yearBuilt,
      lastRenovated: rnd.chance(0.6) ? `${rnd.int(Math.max(yearBuilt, 2005), 2025)}-0${rnd.int(1, 9)}-15` : null,
      ...audit,
    })
    .returning({ id: properties.id });
  if (!property) throw new Error("property insert returned nothing");
  counts.properties += 1;

  const rentFactor = 0.8 + rnd.next() * 1.2;
  const shapes = [...floorPlanShapes].sort(() => rnd.next() - 0.5).slice(0, rnd.int(3, 5));
  const plans = await tx
    .insert(floorPlans)
    .values(
      shapes.map((shape, i) => ({
        organizationId: o.orgId,
        propertyId: property.id,
        planName: `${String.fromCharCode(65 + i)}${shape.beds || "S"} - ${shape.name}`,
        planCode: `${String.fromCharCode(65 + i)}${shape.beds}${index}`,
        bedRooms: shape.beds,
        bathRooms: shape.baths,
        totalSquareFeet: Math.round(shape.sqft * (0.9 + rnd.next() * 0.25)),
        baseRentEstimate: Math.round((900 + shape.beds * 450 + shape.baths * 120) * rentFactor),
        description: `${shape.name} with in-unit laundry and a private balcony.`,
        active: rnd.chance(0.9),
        ...audit,
      })),
    )
    .returning({
      id: floorPlans.id,
      beds: floorPlans.bedRooms,
      baths: floorPlans.bathRooms,
      sqft: floorPlans.totalSquareFeet,
    });
  counts.floorPlans += plans.length;

  const buildingCount = Math.max(1, Math.min(8, Math.round(unitCount / rnd.int(16, 40))));
  const buildingTypeIds = Array.from({ length: buildingCount }, () => rnd.pick(ref.buildingTypeIds));
  // Units go round the buildings (drawn before the buildings exist; their ids are filled in below).
  const unitRows = Array.from({ length: unitCount }, (_, u) => {
    const perBuilding = Math.floor(u / buildingCount);
    // The property's own floor plans only: a unit's floor plan is its property's.
    const plan = rnd.pick(plans);
    const occupied = rnd.chance(0.92);
    // A vacant unit is available from a day in the last six weeks or the next month (being made
    // ready); an occupied one whose tenant has given notice, from a day in the next four months.
    // Notices come from their own stream, so the rest of the organization is what it always was.
    const availableIn = occupied
      ? o.notices.chance(0.1)
        ? o.notices.int(14, 120)
        : null
      : -42 + Math.round((rnd.int(0, 120) * 72) / 120);
    return {
      building: u % buildingCount,
      row: {
        organizationId: o.orgId,
        propertyId: property.id,
        floorPlanId: plan.id,
        unitNumber: `${Math.floor(perBuilding / 10) + 1}${String((perBuilding % 10) + 1).padStart(2, "0")}`,
        numberOfBedrooms: plan.beds,
        numberOfBathrooms: plan.baths,
        squareFootage: plan.sqft,
        occupied,
        dateAvailable: availableIn === null ? null : isoDay(o.today + availableIn * DAY_MS),
        ...audit,
      },
    };
  });
  // Drawn last, as before zones held buildings, so the rest of a seed's data is unchanged.
  const zoneDraws = Array.from({ length: rnd.int(1, 3) }, () => `${rnd.int(10, 99)}-${rnd.int(1000000, 9999999)}`);

  // Zones group the property's buildings (by court, by phase): each zone takes the next run of
  // buildings, so every zone has one at least and its figures are its buildings'.
  const taxIds = zoneDraws.slice(0, buildingCount);
  const zoneScheme = zoneNames[index % zoneNames.length] ?? zoneNames[0];
  const zoneOf = (b: number) => Math.floor((b * taxIds.length) / buildingCount);
  const buildingName = (b: number) =>
    buildingCount === 1 ? `${name} Main` : `Building ${String.fromCharCode(65 + b)}`;
  const zoneRows = await tx
    .insert(zones)
    .values(
      taxIds.map((taxId, z) => {
        const zoneName = zoneScheme[z] ?? `Zone ${z + 1}`;
        const inZone = buildingTypeIds.map((_, b) => b).filter((b) => zoneOf(b) === z);
        const path = `${slugify(name)}-${o.orgNumber}-${index}/${slugify(zoneName)}`;
        return {
          organizationId: o.orgId,
          propertyId: property.id,
          name: `${name} ${zoneName}`,
          description: `${inZone.map(buildingName).join(", ")}: one leasing desk, one maintenance schedule.`,
          logo: `https://example.com/logos/${path}.png`,
          secondaryUrl: `https://example.com/residents/${path}`,
          url: `https://example.com/${path}`,
          taxId,
          ...audit,
        };
      }),
    )
    .returning({ id: zones.id });
  counts.zones += zoneRows.length;

  const created = await tx
    .insert(buildings)
    .values(
      buildingTypeIds.map((buildingTypeId, b) => ({
        organizationId: o.orgId,
        propertyId: property.id,
        name: buildingName(b),
        buildingNumber: b + 1,
        // Planned as entered: units go round the buildings, so the first ones take one more.
        numberOfUnits: Math.floor(unitCount / buildingCount) + (b < unitCount % buildingCount ? 1 : 0),
        buildingTypeId,
        addressId: address?.id,
        zoneId: zoneRows[zoneOf(b)]?.id ?? null,
        ...audit,
      })),
    )
    .returning({ id: buildings.id });
  counts.buildings += created.length;

  await insertAll(
    tx,
    units,
    unitRows.map((u) => ({ ...u.row, buildingId: created[u.building]?.id })),
  );
  counts.units += unitRows.length;
}

/** Staff in each invitation state: pending acceptance (one expired), pending approval, active. */
async function generateStaff(tx: Tx, rnd: Random, o: GenerateOptions, counts: GeneratedCounts) {
  const perState = Math.max(3, Math.min(2000, Math.round(o.scale / 1000)));
  const now = Date.now();
  const states = [
    { acceptedInvite: false, approvedInvite: false, expires: now + 7 * DAY_MS },
    { acceptedInvite: false, approvedInvite: false, expires: now - 2 * DAY_MS },
    { acceptedInvite: true, approvedInvite: false, expires: now + 7 * DAY_MS },
    { acceptedInvite: true, approvedInvite: true, expires: now - 30 * DAY_MS },
  ];
  const rows: Record<string, unknown>[] = [];
  let n = 0;
  for (const [i, state] of states.entries()) {
    const count = i === 1 ? Math.max(1, Math.round(perState / 3)) : perState;
    for (let k = 0; k < count; k++) {
      n += 1;
      const first = rnd.pick(firstNames);
      const last = rnd.pick(lastNames);
      rows.push({
        organizationId: o.orgId,
        name: `${first} ${last}`,
        jobTitle: rnd.pick(jobTitles),
        department: rnd.pick(departments),
        email: `${first}.${last}.${n}@staff.example.com`.toLowerCase(),
        phone: `(${rnd.int(201, 989)}) ${rnd.int(200, 999)}-${rnd.int(1000, 9999)}`,
        bio: `${first} has worked in property management for ${rnd.int(1, 20)} years.`,
        isPublicContact: rnd.chance(0.3),
        displayOrder: n,
        acceptedInvite: state.acceptedInvite,
        approvedInvite: state.approvedInvite,
        approvedBy: state.approvedInvite ? o.adminUserId : null,
        inviteExpiresAt: new Date(state.expires).toISOString(),
        createdBy: o.adminUserId,
        lastModifiedBy: o.adminUserId,
      });
    }
  }
  await insertAll(tx, staff, rows);
  counts.staff += rows.length;
}
