import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { findPhrase, tokens, words } from "./fuzzy.ts";
import type { Scope } from "./scope.ts";

type Rows<T> = { rows: T[] };
/** A building or floor plan of a property, as read for a question that names the property. */
export interface PartRow {
  kind: "building" | "plan";
  id: string;
  name: string;
}
interface Part extends PartRow {
  /** The ways a user names it: in full, and without the property's name or the plan's code. */
  phrases: string[][];
}
/** A part the words name, and the words that named it. */
export interface NamedPart {
  id: string;
  name: string;
  /** Word positions [start, end) of the name in the question. */
  span: [number, number];
}

const PLAN_WORDS = ["plan", "plans", "floorplan", "floorplans", "layout", "layouts"];
const ROOM_WORDS = ["studio", "bedroom", "bedrooms", "bed", "beds"];

const NUMBERS = ["one", "two", "three", "four", "five", "six"];
/** A name that is only rooms or a number ("Studio", "Two Bedroom", "2"): a plan named so only when the user says "plan". */
const generic = (words: string[]) =>
  words.every((x) => ROOM_WORDS.includes(x) || NUMBERS.includes(x) || /^\d+$/.test(x));
/** A building named "A" or "2" is "building A", not every "a" and "2" of a question. */
export const buildingPhrase = (name: string[]) =>
  name.length === 1 && ((name[0] ?? "").length < 3 || /^\d+$/.test(name[0] ?? "")) ? ["building", ...name] : name;

function partsOf(property: { name: string }, rows: PartRow[], w: readonly string[]) {
  const propertyWords = words(property.name);
  const mentionsPlan = w.some((x) => PLAN_WORDS.includes(x));
  return rows.map((r): Part => {
    const full = words(r.name);
    const forms = [full];
    if (r.kind === "building" && propertyWords.every((p, i) => full[i] === p) && full.length > propertyWords.length) {
      // "Maple Commons Building A" is also "Building A" at Maple Commons.
      const short = full.slice(propertyWords.length);
      if (short.length >= 2) forms.push(short);
    }
    if (r.kind === "plan" && r.name.includes(" - ")) {
      // "B2 - Two Bedroom" is also "Two Bedroom".
      forms.push(words(r.name.slice(r.name.indexOf(" - ") + 3)));
    }
    const phrases = forms.flatMap((form): string[][] => {
      if (form.length === 0) return [];
      if (r.kind === "building") return [buildingPhrase(form)];
      if (generic(form) && !mentionsPlan) return [];
      return [form];
    });
    return { ...r, id: String(r.id), phrases };
  });
}

/** The part whose name (in one of its forms) appears in the words, the longest form first. */
function named(parts: Part[], w: readonly string[], kind: Part["kind"]): NamedPart | undefined {
  let best: NamedPart | undefined;
  for (const part of parts) {
    if (part.kind !== kind) continue;
    for (const p of part.phrases) {
      if (best && best.span[1] - best.span[0] >= p.length) continue;
      const end = findPhrase(w, p);
      if (end >= 0) best = { id: part.id, name: part.name, span: [end - p.length, end] };
    }
  }
  return best;
}

/** A property's buildings and floor plans (a few rows; the whole organization's would be tens of thousands). */
export async function readParts(tx: Tx, propertyId: string): Promise<PartRow[]> {
  const { rows } = (await tx.execute(sql`select 'building' as kind, id, name from buildings
        where property_id = ${propertyId} and name is not null
      union all select 'plan', id, plan_name from floor_plans where property_id = ${propertyId} and plan_name is not null`)) as unknown as Rows<PartRow>;
  return rows.map((r) => ({ kind: r.kind, id: String(r.id), name: String(r.name) }));
}

/** The building and floor plan of a property that the words name, by their full or short names (typos allowed). */
export function partsNamed(property: { name: string }, rows: PartRow[], w: readonly string[]) {
  const parts = partsOf(property, rows, w);
  return { building: named(parts, w, "building"), floorPlan: named(parts, w, "plan") };
}

/** The scope with the building and floor plan of its property that the words name. */
export async function withPropertyParts(tx: Tx, scope: Scope, w: string[]): Promise<Scope> {
  const property = scope.property;
  if (!property) return scope;
  const { building, floorPlan } = partsNamed(property, await readParts(tx, property.id), w);
  return {
    ...scope,
    ...(building ? { building: { id: building.id, name: building.name } } : {}),
    ...(floorPlan ? { floorPlan: { id: floorPlan.id, name: floorPlan.name } } : {}),
  };
}

/** A building of the organization (or of the caller's properties) that a question may name on its own. */
export interface BuildingName {
  id: string;
  name: string;
  /** Its name as the parser matches it ("building a" for a building named "A"). */
  words: string[];
  property: { id: string; name: string };
}

/** The longest name a question is looked up by, in words, and how many of its first words are tried. */
const LONGEST_NAME = 10;
const WORDS_TRIED = 30;

/**
 * Every building whose whole name (any case) is a run of the question's words: each run of up to
 * ten words is looked up, as typed and as the parser reads it, through the lower-cased name's index,
 * so no organization's tens of thousands of buildings are read. Row-level security keeps them to
 * the caller's organization and properties. Typos are not allowed here (a property's own buildings
 * allow them, read with the property).
 */
export async function buildingsNamedIn(tx: Tx, text: string): Promise<BuildingName[]> {
  const typed = tokens(text).slice(0, WORDS_TRIED);
  const candidates = new Set<string>();
  for (let i = 0; i < typed.length; i++) {
    for (let j = i; j < Math.min(typed.length, i + LONGEST_NAME); j++) {
      const first = typed[i];
      const last = typed[j];
      if (!first || !last) continue;
      const afterBuilding = ["building", "bldg"].includes(typed[i - 1]?.word ?? "");
      if (i === j && buildingPhrase([first.word]).length > 1 && !afterBuilding) continue;
      candidates.add(
        typed
          .slice(i, j + 1)
          .map((t) => t.word)
          .join(" "),
      );
      const typedRun = text.slice(first.start, last.end);
      candidates.add(typedRun.toLowerCase().replace(/\s+/g, " "));
      // With the marks that close it: 'The "Loft"', "Annex (East)".
      const closed = /^["”’')\]]+/.exec(text.slice(last.end))?.[0];
      if (closed) candidates.add(`${typedRun}${closed}`.toLowerCase().replace(/\s+/g, " "));
    }
  }
  return buildingsNamed(tx, [...candidates]);
}

/** The buildings with one of these names, lower-cased (read through the lower-cased name's index). */
async function buildingsNamed(tx: Tx, names: string[]): Promise<BuildingName[]> {
  if (names.length === 0) return [];
  // One array parameter: hundreds of runs of a long question plan as fast as one.
  const array = `{${names.map((n) => `"${n.replace(/[\\"]/g, "\\$&")}"`).join(",")}}`;
  const { rows } = (await tx.execute(sql`select b.id, b.name, b.property_id, b.property_name from buildings b
    where b.name_folded = any(${array}::text[]) order by b.property_name, b.id limit 50`)) as unknown as Rows<{
    id: string;
    name: string;
    property_id: string;
    property_name: string;
  }>;
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    words: buildingPhrase(words(r.name)),
    property: { id: String(r.property_id), name: r.property_name },
  }));
}

/** A building named on its own: by its whole name, when one building of the organization has it. */
export async function buildingByName(tx: Tx, name: string) {
  const found = await buildingsNamed(tx, [name.trim().toLowerCase()]);
  const [one] = found;
  return found.length === 1 && one ? { building: { id: one.id, name: one.name }, property: one.property } : null;
}
