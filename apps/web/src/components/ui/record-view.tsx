import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { type Fact, FactList } from "./fact-list.tsx";

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
      <FactList items={items.map(({ label, value }): Fact => [label, value])} />
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
