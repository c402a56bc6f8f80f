import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  /** Selectors and a snippet of each offending element, so a failure says where to look. */
  nodes: string[];
}

/**
 * Runs axe-core in the page as it is now (both themes, any dialog or menu open) and returns the
 * critical and serious violations of WCAG 2.x A/AA and best practice (issue 10, item 17). `within`
 * (a CSS selector, or several) limits the check to those parts of the page, such as one dialog.
 */
export async function seriousAxeViolations(page: Page, within?: string | readonly string[]): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses an inline script tag.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const parts = within === undefined ? undefined : typeof within === "string" ? [within] : [...within];
  const violations = await page.evaluate(async (parts) => {
    type Result = {
      id: string;
      impact: string | null;
      help: string;
      nodes: { target: unknown[]; html: string; failureSummary?: string }[];
    };
    const axe = (window as unknown as { axe: { run(ctx: object, opts: object): Promise<{ violations: Result[] }> } })
      .axe;
    const result = await axe.run(parts ? { include: parts.map((p) => [p]) } : document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? "unknown",
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")}: ${n.html.slice(0, 160)} ${n.failureSummary ?? ""}`),
    }));
  }, parts);
  return violations.filter((v) => v.impact === "critical" || v.impact === "serious");
}

/** A readable failure message: one block per rule with where it fails. */
export const describeAxe = (findings: AxeFinding[]) =>
  findings.map((f) => `${f.impact} ${f.id}: ${f.help}\n  ${f.nodes.join("\n  ")}`).join("\n");

/**
 * The page as it is now in the light and then the dark theme (switched as lib/theme.ts switches
 * them, without a reload, so open dialogs stay open): each theme's failures, described, or "".
 */
export async function axeInBothThemes(page: Page) {
  const failures: Record<"light" | "dark", string> = { light: "", dark: "" };
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
      document.documentElement.style.colorScheme = t;
    }, theme);
    // Controls fade their colours (transition-colors): measured mid-fade, a button is half light,
    // half dark, and fails contrast that neither theme has.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    failures[theme] = describeAxe(await seriousAxeViolations(page));
  }
  return failures;
}
