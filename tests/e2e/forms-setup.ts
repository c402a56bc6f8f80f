import type { Locator } from "playwright-core";

/** Whether an input looks and reads as invalid: aria-invalid, or a border other than its untouched neighbour's. */
export async function looksInvalid(field: Locator, untouched: Locator) {
  const border = (l: Locator) => l.evaluate((el) => getComputedStyle(el).borderTopColor);
  return (await field.getAttribute("aria-invalid")) === "true" || (await border(field)) !== (await border(untouched));
}

/**
 * Types into a record dropdown as a person does: brought into view first. A scroll still being
 * reported when the dropdown's list opens closes the list (react-aria closes popovers on a scroll of
 * what holds them), and Playwright's fill scrolls and types within one frame.
 */
export async function typeInDropdown(box: Locator, text: string) {
  await box.scrollIntoViewIfNeeded();
  await box.page().evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await box.fill(text);
}
