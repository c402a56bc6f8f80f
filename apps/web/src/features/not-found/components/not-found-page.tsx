import { Link } from "@tanstack/react-router";
import { useDocumentTitle } from "../../../lib/document-title.ts";
import { LostKeyArtwork } from "./lost-key-artwork.tsx";

const linkBase =
  "rounded-lg px-4 py-2 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-slate-950";

/** Any unknown address (spec: a playful heading with the word kelp, "route does not exist", animated art). */
export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-12 text-center sm:py-16">
      <LostKeyArtwork />
      <h1 className="mt-8 text-3xl font-bold tracking-tight sm:text-4xl">Kelp! We're lost at sea</h1>
      <p className="mt-3 text-lg text-slate-700 dark:text-slate-200">This route does not exist.</p>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        The page may have moved, or the address has a typo. Let's get you back to shore.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={`${linkBase} bg-brand-700 text-white hover:bg-brand-800`}>
          Back to the start
        </Link>
        <Link
          to="/properties"
          className={`${linkBase} text-slate-800 ring-1 ring-slate-300 hover:bg-white dark:text-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800`}
        >
          Find homes
        </Link>
      </div>
    </div>
  );
}
