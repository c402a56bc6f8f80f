import { useRef } from "react";
import { Menu, MenuItem, Popover } from "react-aria-components";

export interface ContextMenuItem {
  id: string;
  label: string;
  run(): void;
}

/**
 * A right-click menu at the pointer: react-aria's Menu in a Popover anchored to a 1 px point, so
 * arrow keys, Enter, Escape and focus return work as in any other menu.
 */
export function ContextMenu({
  at,
  label,
  items,
  onClose,
}: {
  at: { x: number; y: number };
  label: string;
  items: ContextMenuItem[];
  onClose(): void;
}) {
  const anchor = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={anchor} aria-hidden="true" style={{ position: "fixed", left: at.x, top: at.y, width: 1, height: 1 }} />
      <Popover
        triggerRef={anchor}
        isOpen
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        // Without a trigger button react-aria renders the popover as a dialog, which needs a name.
        aria-label={label}
        placement="bottom start"
        offset={2}
        style={{ zIndex: 5000 }}
        className="min-w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-xl outline-none dark:border-slate-700 dark:bg-slate-900"
      >
        <Menu
          aria-label={label}
          autoFocus="first"
          items={items}
          onAction={(key) => {
            onClose();
            items.find((i) => i.id === key)?.run();
          }}
          className="outline-none"
        >
          {(item) => (
            <MenuItem
              id={item.id}
              className="cursor-default px-3 py-1.5 text-sm text-slate-800 outline-none focus:bg-brand-50 focus:text-brand-900 dark:text-slate-100 dark:focus:bg-slate-700 dark:focus:text-white"
            >
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </>
  );
}
