/** The id of each layout's main region, the skip link's target. */
export const MAIN_CONTENT_ID = "main-content";

/** First stop of the Tab key on every page: jumps past the header and menus (issue 10, item 17). */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-[7000] rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus:ring-2 focus:ring-white"
    >
      Skip to main content
    </a>
  );
}
