import { z } from "zod";
import { unitFormSchema, unitFormTextSchema, unitRecordSchema } from "./units.ts";

/**
 * Several units at once (issue 15, item 13): "101-112" in the Unit Number of Add Unit creates units
 * 101 to 112 with the same property, building, floor plan and details, all or none.
 */

/** At most this many units from one range: a floor or two of a large building, not a typo's thousand. */
export const UNIT_RANGE_MAX = 200;

/**
 * A range as people type it: up to ten letters before the number, kept on every unit ("A101-A112"
 * or "A101-112"), a hyphen, en dash, em dash or "to" between the ends, spaces around it. Two
 * numbers of nine digits at most, so every unit number stays within the form's 50 characters.
 */
const RANGE = /^([a-z]{0,10})(\d{1,9})\s*(?:-|–|—|\s+to\s+)\s*([a-z]{0,10})(\d{1,9})$/i;

export interface UnitRange {
  prefix: string;
  first: number;
  last: number;
  /** Digits each number is written with: "001-012" keeps its zeros ("001", "002"...). */
  width: number;
  /** The letters after the dash when they differ from the first end's ("A101-B112"): not one range. */
  otherPrefix: string | null;
}

/** The range a unit number reads as, or null when it is one unit's number ("4B", "A-101", "12"). */
export function readUnitRange(text: string): UnitRange | null {
  const match = RANGE.exec(text.trim());
  if (!match) return null;
  const [, prefix = "", first = "", lastPrefix = "", last = ""] = match;
  const sameLetters = lastPrefix === "" || lastPrefix.toLowerCase() === prefix.toLowerCase();
  return {
    prefix,
    first: Number(first),
    last: Number(last),
    width: first.startsWith("0") ? first.length : 0,
    otherPrefix: sameLetters ? null : lastPrefix,
  };
}

/** How many units a range makes (0 when it runs down). */
export const unitRangeSize = (range: UnitRange) => Math.max(0, range.last - range.first + 1);

/**
 * Whether typed text is meant as several units: it reads as a range that runs up ("4-2" or
 * "A101-B112" stay one unit's number in the dialog; the range endpoint refuses them with a reason).
 */
export const isUnitRangeText = (text: string) => {
  const range = readUnitRange(text);
  return range !== null && range.otherPrefix === null && range.last > range.first;
};

/** The unit numbers of a range, first to last. */
export function unitRangeNumbers(range: UnitRange): string[] {
  return Array.from(
    { length: unitRangeSize(range) },
    (_, i) => `${range.prefix}${String(range.first + i).padStart(range.width, "0")}`,
  );
}

const numbersShown = 10;
/** "105", "105 and 106", "105, 106 and 107", "101, 102, ... and 4 more": the numbers a message names. */
export function listUnitNumbers(numbers: string[]): string {
  const shown = numbers.slice(0, numbersShown);
  const more = numbers.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more.toLocaleString("en-US")} more`;
  if (shown.length < 2) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
}

export const unitRangeMessages = {
  notARange: "Give a range as the first and last unit number, e.g. 101-112",
  runsDown: "A range goes from the lower unit number to the higher one, e.g. 101-112",
  otherLetters: "Both ends of a range need the same letters before the number, e.g. A101-A112",
  tooMany: (size: number) =>
    `A range can add at most ${UNIT_RANGE_MAX} units at once; this one has ${size.toLocaleString("en-US")}`,
  /** Said under Unit Number; `place` is the building's name, or the property's for units in no building. */
  taken: (numbers: string[], place: string) =>
    numbers.length === 1
      ? `Unit ${numbers[0]} already exists in ${place}`
      : `Units ${listUnitNumbers(numbers)} already exist in ${place}`,
  /** What the Create button says and the dialog explains while a range is typed. */
  creates: (numbers: string[]) =>
    `Adds ${numbers.length.toLocaleString("en-US")} units: ${numbers[0]} to ${numbers.at(-1)}`,
} as const;

/** The range rule of a unit number, as one zod refinement the server and the dialog share. */
const rangeText = z
  .string({ error: unitRangeMessages.notARange })
  .trim()
  .superRefine((text, ctx) => {
    const range = readUnitRange(text);
    const message = !range
      ? unitRangeMessages.notARange
      : range.otherPrefix !== null
        ? unitRangeMessages.otherLetters
        : range.last <= range.first
          ? unitRangeMessages.runsDown
          : unitRangeSize(range) > UNIT_RANGE_MAX
            ? unitRangeMessages.tooMany(unitRangeSize(range))
            : null;
    if (message) ctx.addIssue({ code: "custom", message });
  })
  .transform((text) => {
    const range = readUnitRange(text);
    return range ? unitRangeNumbers(range) : [];
  });

/**
 * POST /api/v1/units/range: the unit form with a range as its Unit Number ("101-112"). Every unit
 * gets the other fields as given. Answers the units made, first to last, or a 400 naming what is
 * wrong, or a 409 naming the numbers that already exist where the units would go: then none is made.
 */
export const unitRangeFormSchema = unitFormSchema.extend({ unit_number: rangeText });
export type UnitRangeForm = z.infer<typeof unitRangeFormSchema>;
export type UnitRangeFormInput = z.input<typeof unitRangeFormSchema>;

/** The same as typed in the dialog (numbers as text). */
export const unitRangeFormTextSchema = unitFormTextSchema.extend({ unit_number: rangeText });

export const unitRangeResponseSchema = z.object({ units: z.array(unitRecordSchema) });
