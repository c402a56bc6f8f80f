/**
 * Date fields (spec, "Date fields"): a day is a civil date written YYYY-MM-DD, the same in every
 * time zone, at the API and in forms. Such strings (four-digit years) sort as the days do, so the
 * rules below compare them as text.
 */
export const dateMessages = {
  /** `min` as the user reads it (the picker writes it in the user's locale). */
  tooEarly: (min: string) => `Value must be ${min} or later.`,
  tooLate: (max: string) => `Value must be ${max} or earlier.`,
  rangeReversed: "Start date must be before end date.",
  unavailable: "Selected date unavailable.",
} as const;

/**
 * How far Page Up and Page Down move a date segment (spec: "Date segment paging steps"). react-aria's
 * date fields page by exactly these; the web tests hold them to it.
 */
export const DATE_SEGMENT_PAGE_STEPS = { year: 5, month: 2, day: 7, hour: 2, minute: 15, second: 15 } as const;

/**
 * The locales whose own words the date picker has for its parts (segment names, "Calendar", "Start
 * Date"...): react-aria's catalogue, 34 of them (spec). Any other locale still gets its own date order
 * and month names from the browser, with the words in the closest of these or English.
 */
export const DATE_PICKER_LOCALES = [
  "ar-AE",
  "bg-BG",
  "cs-CZ",
  "da-DK",
  "de-DE",
  "el-GR",
  "en-US",
  "es-ES",
  "et-EE",
  "fi-FI",
  "fr-FR",
  "he-IL",
  "hr-HR",
  "hu-HU",
  "it-IT",
  "ja-JP",
  "ko-KR",
  "lt-LT",
  "lv-LV",
  "nb-NO",
  "nl-NL",
  "pl-PL",
  "pt-BR",
  "pt-PT",
  "ro-RO",
  "ru-RU",
  "sk-SK",
  "sl-SI",
  "sr-SP",
  "sv-SE",
  "tr-TR",
  "uk-UA",
  "zh-CN",
  "zh-TW",
] as const;

/** A real day written YYYY-MM-DD (no 2026-02-30, no year 0). */
export function isCivilDate(value: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** What a date field allows: its first and last days (YYYY-MM-DD) and the days it refuses. */
export interface DateLimits {
  min?: string | undefined;
  max?: string | undefined;
  isDateUnavailable?: ((day: string) => boolean) | undefined;
}

/**
 * A day's problems against its field's limits, in the spec's words; `show` writes a limit as the
 * user reads it (as YYYY-MM-DD by default). An empty value has none: whether one is required is
 * the form's rule.
 */
export function dateProblems(day: string, limits: DateLimits, show: (day: string) => string = (d) => d): string[] {
  if (!day) return [];
  const problems: string[] = [];
  if (limits.min && day < limits.min) problems.push(dateMessages.tooEarly(show(limits.min)));
  if (limits.max && day > limits.max) problems.push(dateMessages.tooLate(show(limits.max)));
  if (limits.isDateUnavailable?.(day)) problems.push(dateMessages.unavailable);
  return problems;
}

/** A span of days, either end "" while not chosen. */
export interface CivilDateRange {
  start: string;
  end: string;
}

/**
 * A range's problems: each end's against the limits (said once when both ends have the same), and
 * an end before its start. A range of one day (start = end) is a range.
 */
export function dateRangeProblems(
  range: CivilDateRange,
  limits: DateLimits,
  show: (day: string) => string = (d) => d,
): string[] {
  const problems = [...dateProblems(range.start, limits, show), ...dateProblems(range.end, limits, show)];
  if (range.start && range.end && range.end < range.start) problems.push(dateMessages.rangeReversed);
  return [...new Set(problems)];
}
