import { z } from "zod";

/**
 * Control characters (NUL and the other C0 codes but tab, line feed and carriage return, and DEL)
 * are never part of what a person types: PostgreSQL cannot store NUL at all, and the others hide
 * text or break exports. Every request is checked against this one rule before its contract.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const textMessages = {
  controlCharacters: "Remove the control characters (such as NUL) from this field",
  tooLong: (max: number) => `Use at most ${max} characters`,
} as const;

/**
 * The longest text each kind of field takes. An email address can be no longer than 254
 * characters (RFC 5321), so sign-up and login agree on what can exist.
 */
export const TEXT_LIMITS = {
  email: 254,
  personName: 100,
  organizationName: 200,
  phone: 20,
  password: 1024,
  shortText: 200,
  longText: 2000,
} as const;

/** A string of at most `max` characters, refused with the one message for it. */
export const limitedText = (max: number) => z.string().max(max, textMessages.tooLong(max));

/** Trimmed text that may be left empty (stored as null). */
export const optionalText = (max: number, message = textMessages.tooLong(max)) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** Paths (property names and array indexes) of the strings in value that hold a control character. */
export function controlCharacterPaths(
  value: unknown,
  path: (string | number)[] = [],
  found: (string | number)[][] = [],
) {
  if (typeof value === "string") {
    if (CONTROL_CHARACTERS.test(value)) found.push(path);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) controlCharacterPaths(item, [...path, i], found);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      // A key is text the client chose too.
      if (CONTROL_CHARACTERS.test(key)) found.push([...path, key]);
      else controlCharacterPaths(item, [...path, key], found);
    }
  }
  return found;
}
