import type { ReactNode } from "react";
import { ReadOnlyTable, type ReadOnlyTableProps } from "./read-only-table.tsx";

const headingClass = { h3: "mb-2 font-semibold", h5: "mb-2 text-sm font-semibold" } as const;

/**
 * A read-only table under its own heading, the section named by it (a page's secondary lists: the
 * payments under the bills, an owner's agreements, the two sides of a reconciliation).
 */
export function TableSection<R>({
  id,
  heading,
  level = "h3",
  className = "mt-4",
  ...table
}: ReadOnlyTableProps<R> & {
  /** The heading's id, which names the section. */
  id: string;
  heading: ReactNode;
  level?: keyof typeof headingClass;
  className?: string;
}) {
  const Heading = level;
  return (
    <section aria-labelledby={id} className={className}>
      <Heading id={id} className={headingClass[level]}>
        {heading}
      </Heading>
      <ReadOnlyTable {...table} />
    </section>
  );
}
