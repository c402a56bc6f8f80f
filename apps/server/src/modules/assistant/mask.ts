/**
 * Personal data kept inside the server (issue 15): what the assistant sends to an external model,
 * and what it logs, carries no email address or phone number.
 */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu;
/**
 * North American and international numbers as people write them: "(512) 555-0142", "512.555.0142",
 * "+44 20 7946 0958", "555-0142". Five-digit ZIP codes, years and counts stay.
 */
const PHONE =
  /(?:\+\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)[\s.-]?|\b\d{2,4}[\s.-])(?:\d{2,4}[\s.-]){0,2}\d{4}\b|\b\d{10,15}\b|\b\d{3}-\d{4}\b/g;

export const maskPersonalData = (text: string) => text.replace(EMAIL, "[email]").replace(PHONE, "[phone]");

/** A prompt as the log may keep it: no personal data and no other digits, cut short. */
export const loggable = (prompt: string) => maskPersonalData(prompt).replace(/\d/g, "#").slice(0, 300);
