import { BUILDING_SORT_KEYS, BUILDINGS_PAGE_SIZE } from "@keyholder/contracts/buildings";
import { FLOOR_PLAN_SORT_KEYS, FLOOR_PLANS_PAGE_SIZE } from "@keyholder/contracts/floor-plans";
import { API_PREFIX } from "@keyholder/contracts/http";
import type autocannon from "autocannon";
import { jsonHeaders } from "../faults/app-process.ts";
import { createRandom, type Random } from "../modules/demo/random.ts";
import { SESSION_COOKIE } from "../plugins/auth.ts";
import type { LoadSample, SampleProperty } from "./load-sample.ts";

export const REQUEST_KINDS = [
  "buildings list",
  "floor plans list",
  "search",
  "overview",
  "create building",
  "update building",
] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export interface MixRequest {
  kind: RequestKind;
  request: autocannon.Request;
}

/**
 * Shares out of 100: the grids and the header search are most of what a property manager does, and
 * about one request in ten saves something. A connection's writes alternate create and update, so
 * every update edits the building its own session created just before.
 */
const SHARES = [
  ["buildings list", 30],
  ["floor plans list", 20],
  ["search", 25],
  ["overview", 15],
  ["write", 10],
] as const;

const TOTAL_SHARE = SHARES.reduce((sum, [, share]) => sum + share, 0);

function drawKind(rnd: Random) {
  let roll = rnd.next() * TOTAL_SHARE;
  for (const [kind, share] of SHARES) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return SHARES[0][0];
}

/** Requests per connection before it starts its sequence again; more than a 60 s run reaches. */
export const SEQUENCE_LENGTH = 400;

interface WriteContext {
  buildingId?: number;
}

const words = (text: string | null | undefined) => (text ?? "").split(/\s+/).filter(Boolean);

/** What someone types in the header search to find this property: part of its name, ZIP, street or city. */
function typedSearch(p: SampleProperty, rnd: Random) {
  const [first = p.name] = words(p.name);
  const candidates = [
    first,
    p.name.slice(0, 3),
    p.zipcode?.slice(0, rnd.int(3, 5)),
    p.addressLine1?.replace(/^\d+\s+/, ""),
    p.city,
  ].filter((t): t is string => Boolean(t));
  return rnd.chance(0.05) ? "zq" : rnd.pick(candidates).toLowerCase();
}

/** A grid page as the web app asks for it: full pages, any sort key, sometimes one quick filter. */
function listPath(
  path: string,
  o: { sortKeys: readonly string[]; pageSize: number; total: number; filters: Record<string, string>[] },
  rnd: Random,
) {
  const filters = rnd.chance(0.2) ? rnd.pick(o.filters) : undefined;
  const lastPage = Math.max(0, Math.ceil(o.total / o.pageSize) - 1);
  // Most views open at the top, scrolling asks for the next pages, a dragged scrollbar lands anywhere.
  const roll = rnd.next();
  const page = filters || roll < 0.5 ? 0 : roll < 0.85 ? Math.min(lastPage, rnd.int(1, 4)) : rnd.int(0, lastPage);
  const query = new URLSearchParams({
    offset: String(page * o.pageSize),
    limit: String(o.pageSize),
    sort_by: rnd.pick(o.sortKeys),
    sort_direction: rnd.chance(0.3) ? "desc" : "asc",
  });
  if (filters) query.set("filters", JSON.stringify(filters));
  return `${path}?${query}`;
}

const FLOOR_PLAN_FILTERS: Record<string, string>[] = [
  { plan_name: "two bed" },
  { plan_name: "studio" },
  { status: "inactive" },
];

/** The sequence of requests one connection sends, signed in with its own session token. */
export function connectionRequests(sample: LoadSample, token: string, connection: number): MixRequest[] {
  const rnd = createRandom(connection + 1);
  const cookie = `${SESSION_COOKIE}=${token}`;
  const get = (kind: RequestKind, path: string): MixRequest => ({
    kind,
    request: { method: "GET", path: `${API_PREFIX}${path}`, headers: { cookie } },
  });
  const property = () => rnd.pick(sample.properties);
  const buildingBody = (name: string) =>
    JSON.stringify({
      name,
      property_id: property().id,
      number_of_units: rnd.int(0, 120),
      building_number: rnd.int(1, 40),
      building_type: sample.buildingTypeIds.length ? rnd.pick(sample.buildingTypeIds) : null,
    });
  let writes = 0;
  const make: Record<(typeof SHARES)[number][0], () => MixRequest> = {
    "buildings list": () => {
      const p = property();
      const filters: Record<string, string>[] = [
        { name: "building b" },
        { city: p.city ?? "" },
        { property_name: words(p.name)[0] ?? "" },
      ];
      const path = listPath(
        "/buildings/details",
        { sortKeys: BUILDING_SORT_KEYS, pageSize: BUILDINGS_PAGE_SIZE, total: sample.buildings, filters },
        rnd,
      );
      return get("buildings list", path);
    },
    "floor plans list": () => {
      const path = listPath(
        "/floor-plans",
        {
          sortKeys: FLOOR_PLAN_SORT_KEYS,
          pageSize: FLOOR_PLANS_PAGE_SIZE,
          total: sample.floorPlans,
          filters: FLOOR_PLAN_FILTERS,
        },
        rnd,
      );
      return get("floor plans list", path);
    },
    search: () => get("search", `/properties/search?${new URLSearchParams({ query: typedSearch(property(), rnd) })}`),
    overview: () => get("overview", `/properties/${property().id}/overview`),
    write: () => {
      writes += 1;
      const name = `Load ${connection + 1}-${Math.ceil(writes / 2)}`;
      if (writes % 2 === 1) {
        return {
          kind: "create building",
          request: {
            method: "POST",
            path: `${API_PREFIX}/buildings`,
            headers: jsonHeaders(cookie),
            body: buildingBody(name),
            onResponse: (status, body, context) => {
              if (status === 201) (context as WriteContext).buildingId = JSON.parse(body).building.id;
            },
          },
        };
      }
      return {
        kind: "update building",
        request: {
          method: "PUT",
          path: `${API_PREFIX}/buildings/0`,
          headers: jsonHeaders(cookie),
          body: buildingBody(`${name} (edited)`),
          // Without a created building (its create failed, which the run reports) autocannon
          // starts this connection's sequence over instead of sending the update.
          setupRequest: (request, context) => {
            const id = (context as WriteContext).buildingId;
            return (id ? { ...request, path: `${API_PREFIX}/buildings/${id}` } : undefined) as autocannon.Request;
          },
        },
      };
    },
  };
  return Array.from({ length: SEQUENCE_LENGTH }, () => make[drawKind(rnd)]());
}
