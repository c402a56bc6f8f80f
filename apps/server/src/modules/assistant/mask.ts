/**
 * Personal data kept inside the server (issue 15): what the assistant sends to an external model,
 * and what it logs, carries no email address or phone number.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
const SEP = String.raw`[\s.\-–/]`;
/**
 * Phone numbers as people write them, and not the figures the assistant talks in ("650-1200 sq ft",
 * "$1,250", "2026-11-24", "10:15", ZIP codes): an international number after "+"; a North American
 * one in 3-3-4 groups; a UK national one starting with 0; or ten digits and more in a row.
 */
const PHONE = new RegExp(
  String.raw`(?:${[
    String.raw`\+\d{1,3}(?:${SEP}?\(?\d{1,5}\)?){2,6}`,
    String.raw`(?:(?<!\d)1${SEP})?(?:\(\d{3}\)\s?|(?<!\d)\d{3}${SEP})\d{3}${SEP}?\d{4}(?!\d)`,
    String.raw`(?<!\d)\d{3}${SEP}\d{7}(?!\d)`,
    String.raw`(?<![\d.,])0\d{2,4}[\s-]\d{3,4}[\s-]?\d{3,4}(?!\d)`,
    String.raw`(?<!\d)\d{10,15}(?!\d)`,
  ].join("|")})(?:\s?(?:x|ext\.?)\s?\d{1,5}(?!\d))?`,
  "g",
);

export const maskPersonalData = (text: string) => text.replace(EMAIL, "[email]").replace(PHONE, "[phone]");

/** A prompt as the log may keep it: no personal data and no other digits, cut short. */
export const loggable = (prompt: string) => maskPersonalData(prompt).replace(/\d/g, "#").slice(0, 300);
