import { findPhrase, normalize, sameWord } from "./fuzzy.ts";
import type { OrgNames } from "./org-names.ts";
import {
  HELP_TOPICS,
  HIGHEST_WORDS,
  INTENT_WORDS,
  type Intent,
  LIST_WORDS,
  LOWEST_WORDS,
  NAVIGATION_TARGETS,
  NAVIGATION_VERBS,
  NUMBER_WORDS,
} from "./vocabulary.ts";

/** Where a question looks: a property (or one of its buildings or floor plans), a place, bedrooms. */
export interface Scope {
  property?: { id: string; name: string };
  building?: { id: string; name: string };
  floorPlan?: { id: string; name: string };
  city?: string;
  state?: string;
  zipcode?: string;
  bedrooms?: number;
}

export type Parsed =
  | { kind: "navigate"; category: string; item: string; status?: "vacant" | "occupied"; scope: Scope }
  | { kind: "homes-near"; zipcode: string }
  | { kind: "help"; answer: string | null }
  | {
      kind: "question";
      intent: Exclude<Intent, "help">;
      scope: Scope;
      status?: "vacant" | "occupied";
      order?: "highest" | "lowest";
      list: boolean;
    }
  | { kind: "unknown" };

export const words = (text: string) => normalize(text).split(" ").filter(Boolean);
const has = (w: readonly string[], phrase: string) => findPhrase(w, phrase.split(" ")) >= 0;
const hasAny = (w: readonly string[], phrases: readonly string[]) => phrases.some((p) => has(w, p));

/** The name (of those known) whose words appear in the prompt, the longest first. */
export function findName<T extends { name: string; words: string[] }>(
  w: readonly string[],
  known: readonly T[],
): T | undefined {
  let best: T | undefined;
  for (const k of known) {
    if (k.words.length === 0 || (best && best.words.length >= k.words.length)) continue;
    if (findPhrase(w, k.words) >= 0) best = k;
  }
  return best;
}

function bedroomsOf(w: readonly string[]): number | undefined {
  if (w.some((x) => sameWord(x, "studio") || sameWord(x, "studios"))) return 0;
  for (let i = 0; i + 1 < w.length; i++) {
    const next = w[i + 1] ?? "";
    if (!["bed", "beds", "bedroom", "bedrooms", "br", "bd", "bdr"].some((b) => sameWord(next, b))) continue;
    const n = NUMBER_WORDS[w[i] ?? ""] ?? Number(w[i]);
    if (Number.isInteger(n) && n >= 0 && n <= 10) return n;
  }
  // "2br", "3bd"
  const joined = w.find((x) => /^\d(br|bd|bed|beds)$/.test(x));
  return joined ? Number(joined[0]) : undefined;
}

function scopeOf(prompt: string, w: readonly string[], names: OrgNames): Scope {
  const scope: Scope = {};
  const zip = /\b(\d{5})(?:-\d{4})?\b/.exec(prompt)?.[1];
  if (zip) scope.zipcode = zip;
  const property = findName(w, names.properties);
  if (property) scope.property = { id: property.id, name: property.name };
  // A city or state named inside the property's own name is not a second place.
  const rest = property ? removePhrase(w, property.words) : w;
  const city = findName(rest, names.cities);
  if (city) scope.city = city.name;
  const state =
    findName(removePhrase(rest, city?.words ?? []), names.states) ??
    // Two-letter codes only as typed in capitals ("TX"), so "in" and "or" stay words.
    names.states.find((s) => new RegExp(`\\b${s.code}\\b`).test(prompt));
  if (state && !(city && state.name.toLowerCase() === city.name.toLowerCase())) scope.state = state.name;
  const bedrooms = bedroomsOf(w);
  if (bedrooms !== undefined) scope.bedrooms = bedrooms;
  return scope;
}

function removePhrase(w: readonly string[], phrase: readonly string[]) {
  if (phrase.length === 0) return w;
  const end = findPhrase(w, phrase);
  return end < 0 ? w : [...w.slice(0, end - phrase.length), ...w.slice(end)];
}

const VACANT_WORDS = ["vacant", "vacancy", "vacancies", "unoccupied", "empty", "available", "free", "unrented"];
const OCCUPIED_WORDS = ["occupied", "rented", "leased", "taken"];
/** Vacant or occupied: a word as typed first ("occupied" is one typo pair from "unoccupied"), then with typos. */
const statusOf = (w: readonly string[]): "vacant" | "occupied" | undefined => {
  if (w.some((x) => VACANT_WORDS.includes(x))) return "vacant";
  if (w.some((x) => OCCUPIED_WORDS.includes(x))) return "occupied";
  if (hasAny(w, VACANT_WORDS)) return "vacant";
  if (hasAny(w, OCCUPIED_WORDS)) return "occupied";
  return undefined;
};

/**
 * Reads a question: navigation ("open all buildings"), help ("how do I invite staff"), or a question
 * type from its weighted keywords, with the places and names it mentions resolved against the
 * organization's own (typos allowed). Deterministic: the same prompt and names give the same reading.
 */
export function parseQuestion(prompt: string, names: OrgNames): Parsed {
  const w = words(prompt);
  if (w.length === 0) return { kind: "unknown" };

  const helpScore = INTENT_WORDS.help.reduce((n, [phrase, weight]) => n + (has(w, phrase) ? weight : 0), 0);
  if (helpScore >= 5) {
    // A topic matches when every word of one of its phrases is in the question ("change an
    // applicant's status" is "change status").
    const topic = HELP_TOPICS.find((t) =>
      t.words.some((p) => p.split(" ").every((word) => w.some((x) => sameWord(x, word)))),
    );
    return { kind: "help", answer: topic?.answer ?? null };
  }

  const first = w[0] ?? "";
  const navigates = NAVIGATION_VERBS.some((v) => sameWord(first, v)) || (first === "take" && w[1] === "me");
  const zip = /\b(\d{5})\b/.exec(prompt)?.[1];
  if (
    zip &&
    hasAny(w, ["homes", "home", "houses", "apartments for rent", "rentals", "listings", "for rent"]) &&
    !hasAny(w, ["my", "our", "we"])
  ) {
    return { kind: "homes-near", zipcode: zip };
  }
  if (navigates && !hasAny(w, ["how many", "number of"])) {
    const target = NAVIGATION_TARGETS.find((t) => t.words.some((p) => has(w, p)));
    if (target) {
      const status = target.item === "All Units" ? statusOf(w) : undefined;
      return {
        kind: "navigate",
        category: target.category,
        item: target.item,
        ...(status ? { status } : {}),
        scope: scopeOf(prompt, w, names),
      };
    }
  }

  const scores = (Object.keys(INTENT_WORDS) as Intent[])
    .filter((i) => i !== "help")
    .map((intent) => ({
      intent,
      score: INTENT_WORDS[intent].reduce((n, [phrase, weight]) => n + (has(w, phrase) ? weight : 0), 0),
    }))
    .sort((a, b) => b.score - a.score);
  let best = scores[0];
  if (!best || best.score < 2) return helpScore > 0 ? { kind: "help", answer: null } : { kind: "unknown" };
  // "How many buildings does Maple Court have": a property's contents, not a count of units.
  const scope = scopeOf(prompt, w, names);
  const contents = scores.find((s) => s.intent === "contents");
  if (scope.property && contents && contents.score >= 2 && best.intent !== "occupancy" && best.intent !== "rent") {
    if (hasAny(w, ["buildings", "floor plans", "floorplans", "zones"])) best = contents;
  }
  const order = hasAny(w, LOWEST_WORDS) ? "lowest" : hasAny(w, HIGHEST_WORDS) ? "highest" : undefined;
  const status = statusOf(w);
  return {
    kind: "question",
    intent: best.intent as Exclude<Intent, "help">,
    scope,
    ...(status ? { status } : {}),
    ...(order ? { order } : {}),
    list: hasAny(w, LIST_WORDS) && !hasAny(w, ["how many", "number of", "count"]),
  };
}
