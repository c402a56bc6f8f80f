import type { Locator } from "playwright-core";

/** Whether an input looks and reads as invalid: aria-invalid, or a border other than its untouched neighbour's. */
export async function looksInvalid(field: Locator, untouched: Locator) {
  const border = (l: Locator) => l.evaluate((el) => getComputedStyle(el).borderTopColor);
  return (await field.getAttribute("aria-invalid")) === "true" || (await border(field)) !== (await border(untouched));
}
