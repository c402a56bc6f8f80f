/**
 * Colours the grid's parts share, chosen for WCAG AA in both themes: focus indicators and input
 * boundaries at least 3:1 against what is around them (brand-500 was 2.5:1 on white), muted text
 * at least 4.5:1 (slate-500 was 3.7:1 on the dark background).
 */
export const focusRing = "focus-visible:ring-2 focus-visible:ring-brand-700 dark:focus-visible:ring-brand-300";
export const focusOutline = "outline-2 -outline-offset-2 outline-brand-700 dark:outline-brand-300";
export const mutedText = "text-slate-600 dark:text-slate-400";
export const inputBoundary =
  "border border-slate-500 placeholder:text-slate-500 dark:border-slate-500 dark:placeholder:text-slate-400";
