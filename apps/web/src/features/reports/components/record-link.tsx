import type { ReactNode } from "react";
import { requestInWorkspace } from "../../../lib/workspace-requests.ts";

/** A report's mention of a record as a link that opens it (its menu entry's tab, its View). */
export function RecordLink({
  category,
  item,
  id,
  children,
}: {
  category: string;
  item: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="text-left text-brand-700 underline decoration-dotted underline-offset-2 outline-none hover:decoration-solid focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-300"
      onClick={() => requestInWorkspace({ category, item, action: "show", id })}
    >
      {children}
    </button>
  );
}
