import { APPLICATION_STATUS_LABELS, APPLICATION_STATUSES } from "@keyholder/contracts/applications";
import { sameWord, type Token } from "./fuzzy.ts";
import type { Mark } from "./question-scope.ts";
import {
  HIGHEST_WORDS,
  INTENT_WORDS,
  LIST_WORDS,
  LOWEST_WORDS,
  NAME_ASKED_ABOUT,
  NAME_INTRODUCERS,
  NAME_JOINERS,
  NAVIGATION_TARGETS,
  NAVIGATION_VERBS,
  NUMBER_WORDS,
  QUESTION_WORDS,
  WRITE_VERBS,
} from "./vocabulary.ts";

const single = (phrases: readonly string[]) => phrases.flatMap((p) => p.split(" "));

/** The words a question is made of: its own vocabulary (typos allowed), never a name. */
const ASKED = new Set([
  ...single(Object.values(INTENT_WORDS).flatMap((list) => list.map(([phrase]) => phrase))),
  ...single(NAVIGATION_TARGETS.flatMap((t) => t.words)),
  ...["vacant", "vacancy", "vacancies", "unoccupied", "empty", "available", "free", "unrented"],
  ...["occupied", "rented", "leased", "taken", "studio", "studios", "bed", "beds", "bedroom", "bedrooms"],
  ...single(APPLICATION_STATUSES.map((s) => s)),
  ...single(Object.values(APPLICATION_STATUS_LABELS).map((l) => l.toLowerCase())),
  ...["pending", "accepted", "expired", "invited", "joined", "active", "inactive", "review", "acceptance"],
]);
const KNOWN = new Set([
  ...ASKED,
  ...QUESTION_WORDS,
  ...NAVIGATION_VERBS,
  ...single(LIST_WORDS),
  ...LOWEST_WORDS,
  ...HIGHEST_WORDS,
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(WRITE_VERBS),
  ...["ai", "assistant", "keyholder", "br", "bd", "bdr", "ba", "bath", "baths", "bathroom", "bathrooms"],
]);
const FUZZY = [...ASKED].filter((x) => x.length >= 5);

/** The last words of many names, also words of questions: "Cedar Apartments", "Garden House". */
const NAME_ENDINGS = new Set(["apartments", "place", "house", "homes", "building", "complex", "community", "plaza"]);
/** Between "in" and a name: "in the building North Tower". */
const BEFORE_NAME = new Set(["the", "a", "an", "our", "my", "your", "this", "that", "building", "property", "complex"]);
const PLAN_AFTER = ["plan", "plans", "floorplan", "floorplans", "layout", "layouts"];
/** Words that end a name even typed with a capital ("Juniper Square Is ..."). */
const NEVER_IN_NAME = new Set([
  ...ASKED,
  ...NAME_INTRODUCERS,
  ...NAME_JOINERS,
  ...BEFORE_NAME,
  ..."and or with by to as than is are was were be do does did have has please thanks now today there here total all each every per how what which who when where why".split(
    " ",
  ),
]);

type Kind = Mark | "unknown" | "number" | "ending" | "known";

/** A word the question does not explain: not its vocabulary (a typo of it only in lower case), not a number. */
function kindOf(t: Token, mark: Mark | undefined): Kind {
  if (mark) return mark;
  if (/^\d+$/.test(t.word)) return "number";
  if (NAME_ENDINGS.has(t.word)) return "ending";
  if (KNOWN.has(t.word)) return "known";
  if (!t.capital && FUZZY.some((k) => sameWord(t.word, k))) return "known";
  return /[a-z]/.test(t.word) ? "unknown" : "known";
}

/**
 * A name the question gives that none of the caller's records has: unexplained words after "in",
 * "at", "of" ... ("vacant units in Nowhere Tower"), between "does" and "have", or typed as names
 * are, with capitals. Its words as typed, and whether a floor plan was meant ("the Penthouse plan");
 * null when every word is explained. Numbers alone ("in 2024") and places alone ("in Austin") are
 * not names; a place next to unexplained words is part of one ("Austin Gardens").
 */
export function unresolvedName(
  text: string,
  typed: Token[],
  marks: readonly (Mark | undefined)[],
): { name: string; plan: boolean } | null {
  const kinds = typed.map((t, i) => kindOf(t, marks[i]));
  const word = (i: number) => (marks[i] ? "" : (typed[i]?.word ?? ""));
  /** Where the name's words could start: a name word, or a known word typed as a name after one. */
  const inName = (i: number, capitalRun: boolean) => {
    const k = kinds[i];
    if (k === "unknown" || k === "number" || k === "ending" || k === "place") return true;
    return capitalRun && k === "known" && typed[i]?.capital === true && !NEVER_IN_NAME.has(word(i));
  };
  const runFrom = (start: number) => {
    const capitalRun = typed[start]?.capital === true;
    let end = start;
    while (end < kinds.length && inName(end, capitalRun && end > start)) end++;
    return kinds.slice(start, end).includes("unknown") ? end : start;
  };
  const introduced = (start: number, end: number) => {
    let i = start - 1;
    while (i >= 0 && BEFORE_NAME.has(word(i))) i--;
    if (NAME_INTRODUCERS.includes(word(i))) return true;
    return NAME_ASKED_ABOUT.before.includes(word(i)) && NAME_ASKED_ABOUT.after.includes(word(end));
  };
  // "building A", "bldg 2": a building named by a letter or number that none of the caller's has.
  const lettered = typed.findIndex(
    (_, i) => ["building", "bldg"].includes(word(i)) && /^([a-z]|\d+)$/.test(word(i + 1)),
  );
  const letter = typed[lettered + 1];
  if (lettered >= 0 && letter) return { name: text.slice(typed[lettered]?.start, letter.end), plan: false };
  for (let i = 0; i < typed.length; ) {
    if (!inName(i, false)) {
      i++;
      continue;
    }
    let start = i;
    while (kinds[start] === "ending" && inName(start + 1, false)) start++;
    let end = runFrom(start);
    const capitals = typed.slice(start, end).filter((t) => t.capital).length;
    // Typed as a name: capitals, not the question's first word alone, nor someone addressed ("..., Sarah?").
    const addressed = start > 0 && text.slice(typed[start - 1]?.end, typed[start]?.start).includes(",");
    const named = introduced(start, end) || (typed[start]?.capital && !addressed && (start > 0 || capitals >= 2));
    if (end === start || !named) {
      i = Math.max(end, i + 1);
      while (i < typed.length && inName(i, false)) i++;
      continue;
    }
    // "Nowhere Tower at Main St": one name across "at", "on", "of" while the next part is typed as a name.
    for (;;) {
      const next = typed[end + 1];
      if (!NAME_JOINERS.includes(word(end)) || !next?.capital) break;
      const further = runFrom(end + 1);
      if (further === end + 1) break;
      end = further;
    }
    const after = word(end);
    const plan = PLAN_AFTER.includes(after) || (after === "floor" && PLAN_AFTER.includes(word(end + 1)));
    const first = typed[start];
    const last = typed[end - 1];
    if (!first || !last) return null;
    return { name: text.slice(first.start, last.end).replace(/^['’]+|['’]+$/g, ""), plan };
  }
  return null;
}
