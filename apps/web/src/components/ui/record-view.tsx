import type { ReactNode } from "react";
import { NA } from "../../lib/format.ts";
import { Button } from "./button.tsx";

export interface ViewItem {
  label: string;
  /** Already formatted for reading (money, numbers); empty, null or undefined reads 'N/A'. */
  value: ReactNode;
}

/**
 * A record's view mode (issue 10, item 16): its values as text in a description list, never as
 * inputs that look editable, with Close and Edit. One look for every table's View dialog.
 */
export function RecordView({
  items,
  onClose,
  onEdit,
  children,
}: {
  items: ViewItem[];
  onClose(): void;
  /** Absent when the user's role may not edit. */
  onEdit?: (() => void) | undefined;
  /** More of the record below its values (a zone's buildings). */
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr] sm:gap-y-2">
        {items.map(({ label, value }) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="mb-2 break-words whitespace-pre-line text-slate-900 sm:mb-0 dark:text-slate-100">
              {value === null || value === undefined || value === "" ? NA : value}
            </dd>
          </div>
        ))}
      </dl>
      {children}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        {onEdit ? <Button onPress={onEdit}>Edit</Button> : null}
      </div>
    </div>
  );
}
