import { Link } from "@tanstack/react-router";

export const PRODUCT_NAME = "Keyholder";

/** The brand: full wordmark on wide screens, the single letter on narrow ones. */
export function Wordmark() {
  return (
    <Link
      to="/"
      className="flex items-center gap-2 rounded-md font-bold text-slate-900 outline-none focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-white"
    >
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand-700 text-white">
        K
      </span>
      <span className="hidden text-lg tracking-tight sm:inline">{PRODUCT_NAME}</span>
      <span className="sr-only sm:hidden">{PRODUCT_NAME}</span>
    </Link>
  );
}
