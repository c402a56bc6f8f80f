import { and, eq, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { asSystem, type Database, type Tx } from "../../db/client.ts";
import {
  addresses,
  buildings,
  buildingTypes,
  floorPlans,
  notices,
  persons,
  properties,
  propertyTypes,
  staff,
  units,
  users,
  usStates,
  zones,
} from "../../db/schema/index.ts";
import { zipCentres } from "../../lib/geo/zip-centres.ts";
import { noticeRow } from "../../lib/notices.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { awaitingApprovalNotice } from "../staff/awaiting-approval.ts";
import { generateApplications } from "./generate-applications.ts";
import { generateLeaseHistory } from "./generate-lease-history.ts";
import { generateLeases } from "./generate-leases.ts";
import { generateMaintenance } from "./generate-maintenance.ts";
import {
  departments,
  firstNames,
  floorPlanShapes,
  jobTitles,
  lastNames,
  propertyPrefixes,
  streetNames,
  zoneNames,
} from "./names.ts";
import { type PropertyKind, propertyKinds } from "./portfolio.ts";
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
  /** The password of the accounts of staff who accepted their invitation; without one they cannot sign in. */
  staffPassword?: string;
  /**
   * Tenants and leases on the units, with a year of ledger history (generate-leases.ts,
   * generate-lease-history.ts), and maintenance requests (generate-maintenance.ts): the demo
   * organization and the seed. Off by default, so the many
   * tests that make an organization to test units, buildings or listings keep units whose status
   * they can type (a unit with a lease follows it) and stay as fast as they were.
   */
  leases?: boolean;
  /** With leases: false leaves their ledger empty (quicker; a grid measure needs no history). */
  leaseHistory?: boolean;
  /**
   * The history's statements with the triggers on even where the fast path is allowed (decision 033):
   * the path a non-superuser session takes, for its test.
   */
  historyWithTriggers?: boolean;
}

type Generation = GenerateOptions & {
  /** Midnight UTC of the day the data is made: units' available dates are near it. */
  today: number;
  /** Which occupied units' tenants have given notice, and until when. */
  notices: Random;
  /** Property names taken so far: no two of an organization's properties share one. */
  propertyNames: Set<string>;
};

export interface GeneratedCounts {
  properties: number;
  buildings: number;
  floorPlans: number;
  units: number;
  zones: number;
  staff: number;
  tenants?: number;
  leases?: number;
  maintenanceRequests?: number;
}

const BATCH = 1000;
/** Properties written per transaction: bounds memory and transaction size at a million units. */
const PROPERTIES_PER_TX = 250;
/** Units after which statistics are first refreshed during a seed; then at every fourfold growth. */
const ANALYZE_FIRST_AT = 20_000;
const DAY_MS = 86_400_000;
/** The demo's pet policies, in turn (one in five properties has none recorded). */
const DEMO_PET_POLICIES = ["allowed", "cats_only", null, "not_allowed", "allowed"] as const;

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
    propertyNames: new Set(),
  };
  const rnd = createRandom(o.seed);
  const audit = { createdBy: o.adminUserId, lastModifiedBy: o.adminUserId };
  const reference: Reference = await asSystem(db, async (tx) => ({
    states: new Map((await tx.select().from(usStates)).map((s) => [s.stateCode, s.id])),
    propertyTypes: new Map((await tx.select().from(propertyTypes)).map((t) => [t.code, t.id])),
    buildingTypes: new Map((await tx.select().from(buildingTypes)).map((t) => [t.name, t.id])),
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
        const kind = drawKind(rnd);
        const planned = Math.min(remaining, rnd.int(...kind.units));
        remaining -= planned;
        propertyIndex += 1;
        await generateProperty(tx, rnd, o, reference, managers, propertyIndex, kind, planned, counts);
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
  await asSystem(db, (tx) => generateApplications(tx, o));
  if (o.leases) {
    await generateLeasesWithHistory(db, o, counts);
    // On the units and their tenants: requests in every status (issue 28 item 9).
    const started = Date.now();
    counts.maintenanceRequests = await asSystem(db, (tx) => generateMaintenance(tx, o));
    o.log?.(
      `  ${counts.maintenanceRequests.toLocaleString("en-US")} maintenance requests in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    await db.execute(sql`vacuum (analyze) maintenance_requests, maintenance_request_events`);
  }
  // Outside a transaction (VACUUM cannot run in one): marks the new pages all-visible, so the grids'
  // index-only scans skip the heap from the first request instead of after autovacuum's next round.
  await db.execute(sql`vacuum (analyze) ${GROWN_TABLES}`);
  // The value dictionary's and the row counts' rows are rewritten by every batch (their counts are
  // in an index, so no update is in place): after a 1,000,000-unit seed grid_values held 2,372,824
  // dead rows in 112 MB for 64,310 live ones, and a quick filter's dictionary lookup took 60-90 ms
  // instead of 30. Rewritten compact here (a lock of under a second); autovacuum keeps up with the
  // pace of ordinary edits.
  await db.execute(sql`vacuum (full, analyze) grid_values, organization_row_counts`);
  return counts;
}

/** Tenants, leases and their year of ledger history, timed in the seed's log. */
async function generateLeasesWithHistory(db: Database, o: Generation, counts: GeneratedCounts) {
  const [org] = (
    (await asSystem(db, (tx) =>
      tx.execute(
        sql`select ((now() at time zone time_zone)::date)::text as today from organizations where id = ${o.orgId}`,
      ),
    )) as unknown as { rows: { today: string }[] }
  ).rows;
  const g = { orgId: o.orgId, adminUserId: o.adminUserId, seed: o.seed, today: org?.today ?? isoDay(o.today) };
  let started = Date.now();
  const made = await generateLeases(db, g);
  Object.assign(counts, made);
  o.log?.(
    `  ${made.leases.toLocaleString("en-US")} leases, ${made.tenants.toLocaleString("en-US")} tenants in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.execute(sql`analyze ${LEASE_TABLES}`);
  if (o.leaseHistory !== false) {
    started = Date.now();
    await generateLeaseHistory(db, g, o.log, { withTriggers: o.historyWithTriggers === true });
    o.log?.(`  a year of ledger history in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  await db.execute(sql`vacuum (analyze) ${LEASE_TABLES}, ${LEDGER_TABLES}`);
}

const LEASE_TABLES = sql.raw(
  "tenants, leases, lease_units, lease_parties, lease_pets, recurring_charges, lease_balances, lease_month_balances",
);
const LEDGER_TABLES = sql.raw(
  "journal_entries, journal_lines, lease_charges, lease_credits, lease_allocations, lease_payments, ledger_account_balances, ledger_account_day_balances, ledger_property_balances",
);

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

interface Reference {
  states: Map<string, number>;
  propertyTypes: Map<string, number>;
  buildingTypes: Map<string, number>;
}

/** Created dates fall between these: a portfolio built up over a decade before the demo's year. */
const FIRST_CREATED = Date.UTC(2015, 0, 1);
const LAST_CREATED = Date.UTC(2025, 11, 31);

/** A reference row the portfolio names: migration 0002 made them all, so a miss is a programming error. */
function known(ids: Map<string, number>, key: string) {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`reference row ${key} is missing`);
  return id;
}

function drawKind(rnd: Random): PropertyKind {
  const total = propertyKinds.reduce((sum, k) => sum + k.weight, 0);
  let draw = rnd.next() * total;
  for (const kind of propertyKinds) {
    draw -= kind.weight;
    if (draw < 0) return kind;
  }
  return propertyKinds[0] as PropertyKind;
}

/** A moment up to `days` days and a few hours after `from` (so never before it). */
const dayAfter = (rnd: Random, from: number, days: number) =>
  from + rnd.int(0, Math.floor(days)) * DAY_MS + rnd.int(0, 3 * 3600) * 1000;

/** Created, and last modified on a later day for most records (edited since), never after LAST_CREATED. */
function auditDates(rnd: Random, created: number) {
  const modified = rnd.chance(0.6) ? dayAfter(rnd, created, Math.max(0, (LAST_CREATED - created) / DAY_MS)) : created;
  return { createdDate: new Date(created).toISOString(), lastModifiedDate: new Date(modified).toISOString() };
}

/** A name no other property of the organization has: the kind's name, then told apart by street or city. */
function propertyName(rnd: Random, o: Generation, kind: PropertyKind, street: string, line1: string, city: string) {
  const base =
    kind.suffixes.length > 0
      ? `${rnd.pick(propertyPrefixes)} ${rnd.pick(kind.suffixes)}`
      : kind.units[1] === 1
        ? line1
        : `${line1} ${["Duplex", "Triplex", "Fourplex"][Math.min(2, Math.max(0, kind.units[1] - 2))]}`;
  const candidates =
    kind.suffixes.length > 0
      ? [base, `${base} at ${street}`, `${city} ${base}`, `${city} ${base} at ${street}`]
      : [base, `${base}, ${city}`];
  let name = candidates.find((c) => !o.propertyNames.has(c));
  for (let n = 2; !name; n++) if (!o.propertyNames.has(`${base} ${n}`)) name = `${base} ${n}`;
  o.propertyNames.add(name);
  return name;
}

/** "101".."1412" by floor in an apartment building, "A-204" when the property has several; "A3" in a townhome row. */
function unitNumber(kind: PropertyKind, letter: string | null, k: number, size: number) {
  if (kind.buildingWord === null) return size === 1 ? "1" : String.fromCharCode(65 + k);
  if (kind.buildingType === "Residential Townhome") return `${letter ?? ""}${k + 1}`;
  const perFloor = Math.ceil(size / Math.ceil(size / 12));
  const number = `${Math.floor(k / perFloor) + 1}${String((k % perFloor) + 1).padStart(2, "0")}`;
  return letter ? `${letter}-${number}` : number;
}

async function generateProperty(
  tx: Tx,
  rnd: Random,
  o: Generation,
  ref: Reference,
  managers: { id: number }[],
  index: number,
  kind: PropertyKind,
  unitCount: number,
  counts: GeneratedCounts,
) {
  const [zip, city, state, lat, lon] = rnd.pick(zipCentres);
  const audit = { createdBy: o.adminUserId, lastModifiedBy: o.adminUserId };
  // During office hours, on a day in the decade before the demo's year.
  const created = dayAfter(rnd, FIRST_CREATED + 9 * 3600_000, (LAST_CREATED - FIRST_CREATED) / DAY_MS - 60);
  const street = rnd.pick(streetNames);
  const line1 = `${rnd.int(100, 9899)} ${street}`;
  const [address] = await tx
    .insert(addresses)
    .values({
      organizationId: o.orgId,
      addressLine1: line1,
      city,
      stateId: ref.states.get(state) ?? 1,
      zipcode: zip,
      latitude: Number((lat + (rnd.next() - 0.5) * 0.06).toFixed(6)),
      longitude: Number((lon + (rnd.next() - 0.5) * 0.06).toFixed(6)),
      ...audit,
      ...auditDates(rnd, created),
    })
    .returning({ id: addresses.id });
  const name = propertyName(rnd, o, kind, street, line1, city);
  const yearBuilt = rnd.int(1965, 2022);
  const [property] = await tx
    .insert(properties)
    .values({
      organizationId: o.orgId,
      name,
      propertyTypeId: known(ref.propertyTypes, kind.code),
      propertyManagerId: rnd.pick(managers).id,
      addressId: address?.id,
      lotSize: Number((rnd.int(kind.units[1] === 1 ? 1 : 5, kind.units[1] === 1 ? 6 : 120) / 10).toFixed(1)),
      lotSizeUnit: "acres",
      numberOfParkingSpots: Math.round(unitCount * (1 + rnd.next())),
      // By position, not drawn: the demo's random stream (and every figure tests expect of it) stays as it was.
      petPolicy: DEMO_PET_POLICIES[index % DEMO_PET_POLICIES.length],
      propertySlug: `${slugify(name)}-${o.orgNumber}-${index}`,
      showPropertyOnline: rnd.chance(0.85),
      yearBuilt,
      lastRenovated: rnd.chance(0.6) ? `${rnd.int(Math.max(yearBuilt, 2005), 2025)}-0${rnd.int(1, 9)}-15` : null,
      ...audit,
      ...auditDates(rnd, created),
    })
    .returning({ id: properties.id, listed: properties.showPropertyOnline });
  if (!property) throw new Error("property insert returned nothing");
  counts.properties += 1;

  // A house or a duplex is built to one plan; a community to a few of its kind's.
  const rentFactor = 0.8 + rnd.next() * 1.2;
  const planCount = kind.buildingWord === null ? 1 : Math.min(kind.plans.length, rnd.int(2, 4));
  const shapes = floorPlanShapes.filter((shape) => kind.plans.includes(shape.name));
  while (shapes.length > planCount) shapes.splice(rnd.int(0, shapes.length - 1), 1);
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
        ...auditDates(rnd, dayAfter(rnd, created, 14)),
      })),
    )
    .returning({
      id: floorPlans.id,
      beds: floorPlans.bedRooms,
      baths: floorPlans.bathRooms,
      sqft: floorPlans.totalSquareFeet,
    });
  counts.floorPlans += plans.length;

  const buildingCount = Math.max(1, Math.min(12, Math.round(unitCount / rnd.int(...kind.unitsPerBuilding))));
  const sizeOf = (b: number) => Math.floor(unitCount / buildingCount) + (b < unitCount % buildingCount ? 1 : 0);
  const letterOf = (b: number) => (buildingCount === 1 ? null : String.fromCharCode(65 + b));
  const buildingName = (b: number) =>
    buildingCount === 1 ? name : `${name} ${kind.buildingWord ?? "Building"} ${letterOf(b)}`;
  const buildingDates = Array.from({ length: buildingCount }, () => dayAfter(rnd, created, 14));

  // Zones group a community's buildings (by court, by phase): each zone takes the next run of
  // buildings, so every zone has one at least and its figures are its buildings'.
  const zoneCount = buildingCount < 2 ? 0 : Math.min(buildingCount, rnd.int(2, 3));
  const zoneScheme = zoneNames[index % zoneNames.length] ?? zoneNames[0];
  const zoneOf = (b: number) => Math.floor((b * zoneCount) / buildingCount);
  const zoneRows =
    zoneCount === 0
      ? []
      : await tx
          .insert(zones)
          .values(
            Array.from({ length: zoneCount }, (_, z) => {
              const zoneName = zoneScheme[z] ?? `Zone ${z + 1}`;
              const inZone = buildingDates.map((_, b) => b).filter((b) => zoneOf(b) === z);
              const path = `${slugify(name)}-${o.orgNumber}-${index}/${slugify(zoneName)}`;
              return {
                organizationId: o.orgId,
                propertyId: property.id,
                name: `${name} ${zoneName}`,
                description: `${inZone.map(buildingName).join(", ")}: one leasing desk, one maintenance schedule.`,
                logo: `https://example.com/logos/${path}.png`,
                secondaryUrl: `https://example.com/residents/${path}`,
                url: `https://example.com/${path}`,
                taxId: `${rnd.int(10, 99)}-${rnd.int(1000000, 9999999)}`,
                ...audit,
                ...auditDates(rnd, dayAfter(rnd, created, 14)),
              };
            }),
          )
          .returning({ id: zones.id });
  counts.zones += zoneRows.length;

  const createdBuildings = await tx
    .insert(buildings)
    .values(
      buildingDates.map((date, b) => ({
        organizationId: o.orgId,
        propertyId: property.id,
        name: buildingName(b),
        buildingNumber: b + 1,
        // Planned as entered, and built as planned.
        numberOfUnits: sizeOf(b),
        buildingTypeId: known(ref.buildingTypes, kind.buildingType),
        addressId: address?.id,
        zoneId: zoneRows[zoneOf(b)]?.id ?? null,
        ...audit,
        ...auditDates(rnd, date),
      })),
    )
    .returning({ id: buildings.id });
  counts.buildings += createdBuildings.length;

  const unitRows: Record<string, unknown>[] = [];
  for (const [b, building] of createdBuildings.entries()) {
    const size = sizeOf(b);
    for (let k = 0; k < size; k++) {
      const plan = rnd.pick(plans);
      const occupied = rnd.chance(0.92);
      // A vacant unit is available from a day in the last six weeks or the next month (being made
      // ready); an occupied one whose tenant has given notice, from a day in the next four months.
      // Notices come from their own stream, so the rest of the organization does not depend on the day.
      const availableIn = occupied
        ? o.notices.chance(0.1)
          ? o.notices.int(14, 120)
          : null
        : -42 + Math.round((rnd.int(0, 120) * 72) / 120);
      unitRows.push({
        organizationId: o.orgId,
        propertyId: property.id,
        buildingId: building.id,
        floorPlanId: plan.id,
        unitNumber: unitNumber(kind, letterOf(b), k, size),
        numberOfBedrooms: plan.beds,
        numberOfBathrooms: plan.baths,
        squareFootage: plan.sqft,
        occupied,
        dateAvailable: availableIn === null ? null : isoDay(o.today + availableIn * DAY_MS),
        ...audit,
        ...auditDates(rnd, dayAfter(rnd, buildingDates[b] ?? created, 30)),
      });
    }
  }
  await insertAll(tx, units, unitRows);
  counts.units += unitRows.length;
  // Listing asks for an available unit (decision 021): a listed home whose units all drew a tenant
  // goes offline, as the app would keep it.
  if (property.listed && unitRows.every((u) => u.occupied)) {
    await tx
      .update(properties)
      .set({ showPropertyOnline: false })
      .where(and(eq(properties.organizationId, o.orgId), eq(properties.id, property.id)));
  }
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
        // Accounts' usernames are unique across organizations: the organization's number keeps them apart.
        email: `${first}.${last}.${o.orgNumber}-${n}@staff.example.com`.toLowerCase(),
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
  await addStaffAccounts(tx, o, rows);
  // Those waiting for approval are announced to the administrators, as accepting announces them.
  const waiting = await tx
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.organizationId, o.orgId), eq(staff.acceptedInvite, true), eq(staff.approvedInvite, false)));
  await insertAll(
    tx,
    notices,
    waiting.map((w) => noticeRow(o.orgId, awaitingApprovalNotice(w.id, w.name ?? ""))),
  );
}

/** Roles of the demo's accounts, in turn: mostly staff, some managers and read-only colleagues. */
const STAFF_ROLES = ["STAFF", "MAINTENANCE_TECHNICIAN", "PROPERTY_MANAGER", "STAFF", "READ_ONLY"] as const;

/**
 * The accounts of the staff who accepted their invitation (issue 13): a person and a user each,
 * linked to the staff row. They sign in with `staffPassword` when the caller gives one (the demo
 * organization), and cannot sign in otherwise.
 */
async function addStaffAccounts(tx: Tx, o: GenerateOptions, rows: Record<string, unknown>[]) {
  const accepted = rows.filter((r) => r.acceptedInvite);
  if (!accepted.length) return;
  const passwordHash = o.staffPassword ? await hashPassword(o.staffPassword) : "!no-sign-in";
  const roleIds = new Map(
    (
      (await tx.execute(sql`select id, name from roles`)) as unknown as { rows: { id: number; name: string }[] }
    ).rows.map((r) => [r.name, Number(r.id)]),
  );
  for (let i = 0; i < accepted.length; i += BATCH) {
    const batch = accepted.slice(i, i + BATCH);
    const people = await tx
      .insert(persons)
      .values(
        batch.map((r) => {
          const [first = "", ...last] = String(r.name).split(" ");
          return {
            organizationId: o.orgId,
            firstName: first,
            lastName: last.join(" "),
            email: String(r.email),
            phone: String(r.phone),
            createdBy: o.adminUserId,
            lastModifiedBy: o.adminUserId,
          };
        }),
      )
      .returning({ id: persons.id });
    const accounts = await tx
      .insert(users)
      .values(
        batch.map((r, k) => ({
          organizationId: o.orgId,
          personId: people[k]?.id,
          roleId: roleIds.get(STAFF_ROLES[(i + k) % STAFF_ROLES.length] ?? "STAFF") ?? 0,
          username: String(r.email),
          passwordHash,
          emailVerified: true,
          createdBy: o.adminUserId,
          lastModifiedBy: o.adminUserId,
        })),
      )
      .returning({ id: users.id, username: users.username });
    await tx.execute(sql`update staff s set user_id = a.id
      from (select * from unnest(${`{${accounts.map((a) => a.id).join(",")}}`}::int[],
        ${`{${accounts.map((a) => `"${a.username}"`).join(",")}}`}::text[]) as t(id, email)) a
      where s.organization_id = ${o.orgId} and s.email = a.email`);
  }
}
