import type { ReactNode } from "react";
import { Button } from "./button.tsx";

/** An action form's buttons: Cancel, and the action, which says what it is doing while in flight. */
export function ActionFormButtons({
  busy,
  busyLabel,
  onCancel,
  children,
}: {
  busy: boolean;
  /** What the action button says while in flight ("Moving in..."). */
  busyLabel: string;
  onCancel(): void;
  children: ReactNode;
}) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="secondary" onPress={onCancel}>
        Cancel
      </Button>
      <Button type="submit" isPending={busy}>
        {busy ? busyLabel : children}
      </Button>
    </div>
  );
}
