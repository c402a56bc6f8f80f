import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client.ts";
import { findPhrase } from "./fuzzy.ts";
import { type Scope, words } from "./parse-question.ts";

type Rows<T> = { rows: T[] };
interface Part {
  kind: "building" | "plan";
  id: string;
  name: string;
  /** The ways a user names it: in full, and without the property's name or the plan's code. */
  phrases: string[][];
}

const PLAN_WORDS = ["plan", "plans", "floorplan", "floorplans", "layout", "layouts"];
const ROOM_WORDS = ["studio", "bedroom", "bedrooms", "bed", "beds"];

const NUMBERS = ["one", "two", "three", "four", "five", "six"];
/** A name that is only rooms or a number ("Studio", "Two Bedroom", "2"): a plan named so only when the user says "plan". */
const generic = (words: string[]) =>
  words.every((x) => ROOM_WORDS.includes(x) || NUMBERS.includes(x) || /^\d+$/.test(x));

function partsOf(property: { name: string }, rows: { kind: Part["kind"]; id: string; name: string }[], w: string[]) {
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
      // A building named "A" or "2" is "building A", not every "a" and "2" of a question.
      if (r.kind === "building" && form.length === 1 && ((form[0] ?? "").length < 3 || /^\d+$/.test(form[0] ?? ""))) {
        return [["building", ...form]];
      }
      if (r.kind === "plan" && generic(form) && !mentionsPlan) return [];
      return [form];
    });
    return { kind: r.kind, id: String(r.id), name: r.name, phrases };
  });
}

/** The part whose name (in one of its forms) appears in the words, the longest form first. */
function named(parts: Part[], w: readonly string[], kind: Part["kind"]) {
  let best: { part: Part; length: number } | undefined;
  for (const part of parts) {
    if (part.kind !== kind) continue;
    for (const p of part.phrases) {
      if (best && best.length >= p.length) continue;
      if (findPhrase(w, p) >= 0) best = { part, length: p.length };
    }
  }
  return best && { id: best.part.id, name: best.part.name };
}

/**
 * The building and floor plan of the scope's property that the words name, read when a question
 * names a property (its parts are few; the whole organization's would be tens of thousands).
 */
export async function withPropertyParts(tx: Tx, scope: Scope, w: string[]): Promise<Scope> {
  const property = scope.property;
  if (!property) return scope;
  const { rows } = (await tx.execute(sql`select 'building' as kind, id, name from buildings
        where property_id = ${property.id} and name is not null
      union all select 'plan', id, plan_name from floor_plans where property_id = ${property.id} and plan_name is not null`)) as unknown as Rows<{
    kind: Part["kind"];
    id: string;
    name: string;
  }>;
  const parts = partsOf(property, rows, w);
  const building = named(parts, w, "building");
  const floorPlan = named(parts, w, "plan");
  return { ...scope, ...(building ? { building } : {}), ...(floorPlan ? { floorPlan } : {}) };
}

/** A building named on its own: by its whole name, when one building of the organization has it. */
export async function buildingByName(tx: Tx, name: string) {
  const { rows } = (await tx.execute(sql`select b.id, b.name, p.id as property_id, p.name as property_name
    from buildings b join properties p on p.organization_id = b.organization_id and p.id = b.property_id
    where lower(b.name) = lower(${name.trim()}) limit 2`)) as unknown as Rows<{
    id: string;
    name: string;
    property_id: string;
    property_name: string;
  }>;
  const [one] = rows;
  return rows.length === 1 && one
    ? {
        building: { id: String(one.id), name: one.name },
        property: { id: String(one.property_id), name: one.property_name },
      }
    : null;
}
