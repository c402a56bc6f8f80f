import { findPhrase, sameWord, tokens } from "./fuzzy.ts";
import type { OrgNames } from "./org-names.ts";
import { type Found, locate, type NameProblem, resolveScope } from "./question-scope.ts";
import type { Scope } from "./scope.ts";
import { unresolvedName } from "./unresolved-name.ts";
import {
  HELP_TOPICS,
  HIGHEST_WORDS,
  INTENT_WORDS,
  type Intent,
  LIST_WORDS,
  LOWEST_WORDS,
  NAVIGATION_TARGETS,
  NAVIGATION_VERBS,
  REQUEST_OPENINGS,
  WRITE_VERBS,
} from "./vocabulary.ts";

type Target = (typeof NAVIGATION_TARGETS)[number];
/** Kinds of record a question may count in total: "how many buildings do we have". */
export type Counted = "buildings" | "floor plans" | "zones";

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
      /** What "how many ..." counts when no property is named: buildings, floor plans or zones. */
      counted?: Counted;
    }
  | {
      kind: "write";
      /** What the request would have done: "deleted", "added", "changed". */
      done: (typeof WRITE_VERBS)[string];
      /** The table where the user can do it, and the records the request named there. */
      target?: Target;
      status?: "vacant" | "occupied";
      /** The records named, to link to; none when a name in the request was not found. */
      scope?: Scope;
    }
  | NameProblem
  | { kind: "unknown" };

const has = (w: readonly string[], phrase: string) => findPhrase(w, phrase.split(" ")) >= 0;
const hasAny = (w: readonly string[], phrases: readonly string[]) => phrases.some((p) => has(w, p));

/** The name (of those known) whose words appear in the prompt, the longest first. */
export const findName = <T extends { name: string; words: string[] }>(w: readonly string[], known: readonly T[]) =>
  locate(w, known)?.item;

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

const COUNT_WORDS = ["how many", "number of", "count", "total", "tally"];
/** The records a count may be of, by the words people use, and the question type that counts them. */
const COUNTED_NOUNS: { words: string[]; intent: Exclude<Intent, "help">; counted?: Counted }[] = [
  { words: ["units", "unit", "apartments", "apartment", "homes", "vacancies"], intent: "units" },
  {
    words: ["floor plans", "floor plan", "floorplans", "floorplan", "plans", "layouts"],
    intent: "contents",
    counted: "floor plans",
  },
  { words: ["zones", "zone"], intent: "contents", counted: "zones" },
  { words: ["buildings", "building"], intent: "contents", counted: "buildings" },
  { words: ["properties", "property", "communities"], intent: "properties" },
  { words: ["applications", "applicants", "application", "applicant"], intent: "applicants" },
  { words: ["staff", "employees", "team"], intent: "staff" },
];
/** How many words after "how many" the counted noun may come ("how many vacant 2 bedroom units"). */
const COUNT_REACH = 4;

/** Words that make a count something else: "total rent", "count of occupancy". */
const NOT_COUNTED = [...INTENT_WORDS.rent, ...INTENT_WORDS.occupancy].map(([phrase]) => phrase);

/** What a count asks for: the first record noun after "how many", "number of", "total"... */
function countedNoun(w: readonly string[]) {
  for (const phrase of COUNT_WORDS) {
    // As typed: "count" is one typo from "court".
    const words = phrase.split(" ");
    const start = w.findIndex((_, i) => words.every((word, k) => w[i + k] === word));
    if (start < 0) continue;
    const after = w.slice(start + words.length, start + words.length + COUNT_REACH);
    const stop = after.findIndex((x) => NOT_COUNTED.includes(x));
    const reach = stop < 0 ? after : after.slice(0, stop);
    let first: { at: number; noun: (typeof COUNTED_NOUNS)[number] } | undefined;
    for (const noun of COUNTED_NOUNS) {
      for (const p of noun.words) {
        const found = findPhrase(reach, p.split(" "));
        if (found >= 0 && (!first || found < first.at)) first = { at: found, noun };
      }
    }
    if (first) return first.noun;
  }
  return undefined;
}

/** The verb of a request to change records, after any polite opening ("please", "can you"), as typed. */
function requestVerb(w: readonly string[]) {
  const openings = REQUEST_OPENINGS.map((o) => o.split(" ")).sort((a, b) => b.length - a.length);
  let at = 0;
  for (let opened = true; opened; ) {
    opened = false;
    for (const o of openings) {
      if (o.every((word, k) => w[at + k] === word)) {
        at += o.length;
        opened = true;
        break;
      }
    }
  }
  const verb = w[at] ?? "";
  return Object.hasOwn(WRITE_VERBS, verb) ? verb : undefined;
}

/** Question types whose answer depends on the place or record named (so a name not found matters). */
const SCOPED_INTENTS: Intent[] = ["units", "occupancy", "rent", "contents", "properties", "applicants"];

/**
 * Reads a question: help ("how do I invite staff"), a request to change records (answered that the
 * assistant only reads), navigation ("open all buildings") or a question type from its weighted
 * keywords, with the places and names it mentions resolved against the caller's own (typos
 * allowed). A name it mentions that resolves to nothing the caller can read is a problem to say,
 * never a reason to answer about everything. Deterministic: the same prompt and names give the
 * same reading. `found` holds what was read for this prompt: the buildings it names, the named
 * property's buildings and floor plans.
 */
export function parseQuestion(prompt: string, names: OrgNames, found: Found = { buildings: [] }): Parsed {
  const typed = tokens(prompt);
  const w = typed.map((t) => t.word);
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

  const resolved = resolveScope(prompt, typed, names, found);
  const { scope } = resolved;
  const named = NAVIGATION_TARGETS.find((t) => t.words.some((p) => has(w, p)));
  /** The problem with a name the question gives, if any: one found while resolving, else one not found. */
  const problem = (): NameProblem | undefined => {
    if (resolved.problem) return resolved.problem;
    const unknown = unresolvedName(prompt, typed, resolved.marks);
    return unknown
      ? { kind: "unknown-name", ...unknown, ...(scope.property ? { at: scope.property } : {}) }
      : undefined;
  };

  const verb = requestVerb(w);
  if (verb) {
    const status = statusOf(w);
    const target =
      named ??
      NAVIGATION_TARGETS.find(
        (t) => t.item === (scope.building ? "All Buildings" : scope.property ? "All Properties" : undefined),
      );
    return {
      kind: "write",
      done: WRITE_VERBS[verb] ?? "changed",
      ...(target ? { target } : {}),
      ...(status && target?.item === "All Units" ? { status } : {}),
      ...(problem() ? {} : { scope }),
    };
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
      const trouble = target.category === "Users" ? undefined : problem();
      if (trouble) return trouble;
      const status = target.item === "All Units" ? statusOf(w) : undefined;
      return {
        kind: "navigate",
        category: target.category,
        item: target.item,
        ...(status ? { status } : {}),
        scope,
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
  const contents = scores.find((s) => s.intent === "contents");
  // "How many units are in building A", "our total building count": the count is of the noun it names.
  const noun = countedNoun(w);
  const counted = noun?.counted;
  if (noun) {
    best = { intent: noun.intent, score: Math.max(2, scores.find((s) => s.intent === noun.intent)?.score ?? 0) };
  }
  if (!best || best.score < 2) return helpScore > 0 ? { kind: "help", answer: null } : { kind: "unknown" };
  // "How many buildings does Maple Court have": a property's contents, not a count of units.
  if (scope.property && contents && contents.score >= 2 && best.intent !== "occupancy" && best.intent !== "rent") {
    if (hasAny(w, ["buildings", "floor plans", "floorplans", "zones"])) best = contents;
  }
  if (SCOPED_INTENTS.includes(best.intent)) {
    const trouble = problem();
    if (trouble) return trouble;
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
    ...(best.intent === "contents" && counted ? { counted } : {}),
  };
}
