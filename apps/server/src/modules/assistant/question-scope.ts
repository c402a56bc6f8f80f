import { findPhrase, sameWord, type Token } from "./fuzzy.ts";
import type { OrgNames } from "./org-names.ts";
import { type BuildingName, type PartRow, partsNamed } from "./property-parts.ts";
import type { Scope } from "./scope.ts";
import { NUMBER_WORDS } from "./vocabulary.ts";

/** What the question names that the cached names of the organization do not hold, read for this question. */
export interface Found {
  /** Buildings whose whole name the question holds (property-parts.ts, buildingsNamedIn). */
  buildings: BuildingName[];
  /** The buildings and floor plans of the property the question names. */
  parts?: { propertyId: string; rows: PartRow[] };
}

/** A name the question gives that does not single out one record the caller can read. */
export type NameProblem =
  | { kind: "unknown-name"; name: string; at?: { id: string; name: string }; plan: boolean }
  | { kind: "ambiguous"; name: string; buildings: BuildingName[] };

/**
 * What each word of the question was read as: a record's name, a place (city, state), or another
 * part of the scope (ZIP code, bedrooms); unmarked words are the question's own, or a name not found.
 */
export type Mark = "name" | "place" | "other";

export interface Resolved {
  scope: Scope;
  marks: (Mark | undefined)[];
  problem?: NameProblem;
}

type Span = [number, number];

/** The name (of those known) whose words appear in the words, the longest first, and where. */
export function locate<T extends { words: string[] }>(
  w: readonly string[],
  known: readonly T[],
): { item: T; span: Span } | undefined {
  let best: { item: T; span: Span } | undefined;
  for (const k of known) {
    if (k.words.length === 0 || (best && best.item.words.length >= k.words.length)) continue;
    const end = findPhrase(w, k.words);
    if (end >= 0) best = { item: k, span: [end - k.words.length, end] };
  }
  return best;
}

const BED_WORDS = ["bed", "beds", "bedroom", "bedrooms", "br", "bd", "bdr"];

/** The bedrooms a question asks about ("2 bedroom", "two-bed", "2br", "studio"), and the words that say so. */
export function bedroomsOf(w: readonly string[]): { bedrooms: number; span: Span } | undefined {
  const studio = w.findIndex((x) => sameWord(x, "studio") || sameWord(x, "studios"));
  if (studio >= 0) return { bedrooms: 0, span: [studio, studio + 1] };
  for (let i = 0; i + 1 < w.length; i++) {
    const next = w[i + 1] ?? "";
    if (!BED_WORDS.some((b) => sameWord(next, b))) continue;
    const n = NUMBER_WORDS[w[i] ?? ""] ?? Number(w[i]);
    if (Number.isInteger(n) && n >= 0 && n <= 10) return { bedrooms: n, span: [i, i + 2] };
  }
  // "2br", "3bd"
  const joined = w.findIndex((x) => /^\d(br|bd|bed|beds)$/.test(x));
  return joined >= 0 ? { bedrooms: Number(w[joined]?.[0]), span: [joined, joined + 1] } : undefined;
}

const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];
const sameName = (a: BuildingName, b: BuildingName) => a.words.join(" ") === b.words.join(" ");

/**
 * Reads the scope a question names against the caller's own names: a property (typos allowed) and
 * its buildings and floor plans, a building named on its own, a city, a state, a ZIP code, bedrooms.
 * A building name that several properties have, or a building named at another property than the
 * one it is at, is a problem to answer rather than a scope to guess.
 */
export function resolveScope(text: string, typed: Token[], names: OrgNames, found: Found): Resolved {
  const w = typed.map((t) => t.word);
  const marks: (Mark | undefined)[] = w.map(() => undefined);
  const mark = (span: Span, as: Mark) => {
    for (let i = span[0]; i < span[1]; i++) marks[i] = as;
  };
  const scope: Scope = {};
  let problem: NameProblem | undefined;
  /** The words not yet read as something. */
  const rest = () => w.map((x, i) => (marks[i] ? "" : x));

  const zip = /\b(\d{5})(?:-(\d{4}))?\b/.exec(text);
  if (zip?.[1]) {
    scope.zipcode = zip[1];
    const at = typed.findIndex((t) => t.start === zip.index);
    if (at >= 0) mark([at, zip[2] ? at + 2 : at + 1], "other");
  }

  const property = locate(w, names.properties);
  if (property) {
    scope.property = { id: property.item.id, name: property.item.name };
    mark(property.span, "name");
    const rows = found.parts?.propertyId === property.item.id ? found.parts.rows : [];
    // A plan is not named by the property's own words ("Studio" in "Maple Studios"); a building may
    // be ("Maple Commons Building A").
    const { building } = partsNamed(property.item, rows, w);
    const { floorPlan } = partsNamed(property.item, rows, rest());
    if (building) {
      scope.building = { id: building.id, name: building.name };
      mark(building.span, "name");
    }
    if (floorPlan) {
      scope.floorPlan = { id: floorPlan.id, name: floorPlan.name };
      mark(floorPlan.span, "name");
    }
  }

  // A building named on its own ("North Tower"), as a property is.
  const building = scope.building ? undefined : locate(w, found.buildings);
  if (building) {
    const named = found.buildings.filter((b) => sameName(b, building.item));
    const longer = property && building.span[1] - building.span[0] > property.span[1] - property.span[0];
    if (property && overlaps(building.span, property.span) && !longer) {
      // Words of the property's own name.
    } else if (property && !overlaps(building.span, property.span)) {
      const here = named.find((b) => b.property.id === property.item.id);
      if (here) {
        scope.building = { id: here.id, name: here.name };
        mark(building.span, "name");
      } else {
        const name = text.slice(typed[building.span[0]]?.start, typed[building.span[1] - 1]?.end);
        problem = { kind: "unknown-name", name, at: scope.property, plan: false };
      }
    } else if (named.length === 1) {
      // Named alone, or a longer name holding a property's ("Maple Commons Tower" of another property).
      scope.property = building.item.property;
      scope.building = { id: building.item.id, name: building.item.name };
      mark(building.span, "name");
    } else {
      problem = { kind: "ambiguous", name: building.item.name, buildings: named };
      mark(building.span, "name");
    }
  }

  // A city or state inside a record's name is not a second place.
  const city = locate(rest(), names.cities);
  if (city) {
    scope.city = city.item.name;
    mark(city.span, "place");
  }
  const state = locate(rest(), names.states);
  // Two-letter codes only as typed in capitals ("TX"), so "in" and "or" stay words.
  const code = state
    ? undefined
    : typed.findIndex((t, i) => !marks[i] && names.states.some((s) => s.code === text.slice(t.start, t.end)));
  const stateName = state?.item.name ?? (code !== undefined && code >= 0 ? stateOfCode(text, typed, code, names) : "");
  if (stateName) {
    if (state) mark(state.span, "place");
    else if (code !== undefined) mark([code, code + 1], "place");
    if (!(city && stateName.toLowerCase() === city.item.name.toLowerCase())) scope.state = stateName;
  }

  // "Maple Studios" is a name, not a question about studios.
  const rooms = bedroomsOf(rest());
  if (rooms) {
    scope.bedrooms = rooms.bedrooms;
    mark(rooms.span, "other");
  }
  return { scope, marks, ...(problem ? { problem } : {}) };
}

function stateOfCode(text: string, typed: Token[], at: number, names: OrgNames) {
  const t = typed[at];
  return t ? (names.states.find((s) => s.code === text.slice(t.start, t.end))?.name ?? "") : "";
}
