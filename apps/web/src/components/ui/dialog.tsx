import type { ReactNode } from "react";
import { FloatingDialog } from "./dialogs/floating-dialog.tsx";

/**
 * The app's dialog (spec section 2): draggable by its title bar, keyed by id, raised by a click,
 * focus managed, Escape closes. `width` is a Tailwind max-width class.
 */
export function Dialog({
  id,
  title,
  isOpen,
  onClose,
  children,
  width = "max-w-lg",
}: {
  id: string;
  title: string;
  isOpen: boolean;
  onClose(): void;
  children: ReactNode;
  width?: string;
}) {
  return (
    <FloatingDialog id={id} title={title} isOpen={isOpen} onClose={onClose} width={`w-[92vw] ${width}`}>
      {children}
    </FloatingDialog>
  );
}
