import type { Page } from "playwright-core";

export const menubar = (page: Page) => page.getByRole("menubar", { name: "Navigation" });

/** What has keyboard focus: its role and accessible label, for assertions. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return { role: "body", label: null };
    return {
      role: el?.getAttribute("role") ?? el?.tagName.toLowerCase() ?? null,
      label: el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? null,
    };
  });
