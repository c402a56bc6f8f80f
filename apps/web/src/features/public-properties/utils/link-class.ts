/** A text link of the public property pages. */
export const publicLinkClass =
  "text-sm font-semibold text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-500";
