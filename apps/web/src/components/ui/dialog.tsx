import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { FocusScope } from "react-aria";
import { createPortal } from "react-dom";
import { UnsavedChangesContext, useUnsavedChanges, useUnsavedParts } from "../../lib/unsaved-changes.ts";
import { useDialogLayer } from "./dialog-area.tsx";
import { dialogStack } from "./dialog-stack.ts";
import { DiscardChangesQuestion } from "./discard-changes.tsx";

export interface DialogProps {
  /** Dialogs are keyed by id: rendering an open id again updates that dialog. */
  id: string;
  title: string;
  isOpen: boolean;
  onClose(): void;
  children: ReactNode;
  /** Tailwind max-width class. */
  width?: string;
}

/** How far a dialog may move each way from where a drag starts: it stays wholly in its area. */
interface DragBounds {
  left: number;
  right: number;
  up: number;
  down: number;
}
const dragBounds = (box: DOMRect, area: DOMRect): DragBounds => ({
  left: Math.min(0, area.left - box.left),
  right: Math.max(0, area.right - box.right),
  up: Math.min(0, area.top - box.top),
  down: Math.max(0, area.bottom - box.bottom),
});
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const outside = (box: DOMRect, area: DOMRect) =>
  box.left < area.left || box.top < area.top || box.right > area.right || box.bottom > area.bottom;

/**
 * An Escape that a popup inside the dialog has already answered: a combo box whose suggestions
 * were open closes them and lets the key go on (react-aria's choice), but the dialog must stay.
 */
const answeredByPopup = (e: KeyboardEvent) => {
  const target = e.target as Element;
  return target.getAttribute("role") === "combobox" && target.getAttribute("aria-expanded") === "true";
};

/**
 * The app's dialog (spec section 2), window-like: dragged by its title bar, raised above the others
 * by a click, focus kept inside while it is on top and given back when it closes. Escape closes it
 * (after any popup in it, which Escape closes first). With unsaved changes, Escape and the close
 * button ask first (issue 15, item 6). It opens in its area of the page (`DialogArea`), never over
 * the workspace's tab strip.
 */
export function Dialog({ id, title, isOpen, onClose, children, width = "max-w-lg" }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; x: number; y: number; bounds: DragBounds } | null>(null);
  const order = useSyncExternalStore(dialogStack.subscribe, dialogStack.snapshot, dialogStack.snapshot);
  const layer = useDialogLayer();
  // Its forms, photos waiting to upload, dialogs opened inside it; told on to what holds this dialog.
  const { unsaved, hasUnsaved, report } = useUnsavedParts();
  useUnsavedChanges(unsaved);
  const [asking, setAsking] = useState(false);
  // Where the user was when the question came up, to go back to with Keep editing.
  const askedFrom = useRef<HTMLElement | null>(null);
  const requestClose = () => {
    if (!hasUnsaved()) return onClose();
    askedFrom.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setAsking(true);
  };
  const keepEditing = () => {
    setAsking(false);
    // After the question has gone: the dialog's own focus scope would otherwise take its first control.
    requestAnimationFrame(() => askedFrom.current?.focus());
  };

  useEffect(() => {
    if (!isOpen) return;
    dialogStack.raise(id);
    return () => dialogStack.remove(id);
  }, [id, isOpen]);

  // A dialog moved aside goes back to the middle when its area shrinks (a phone turned) and would cut it off.
  useEffect(() => {
    if (!isOpen) return;
    const onResize = () => {
      const box = ref.current?.getBoundingClientRect();
      const bounds = area.current?.getBoundingClientRect();
      if (box && bounds && outside(box, bounds)) setOffset({ x: 0, y: 0 });
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [isOpen]);

  // Inside an area not on the page yet: opens once it is, rather than over the whole window first.
  if (!isOpen || layer === null) return null;
  const z = dialogStack.zIndex(id);
  const onTop = order.at(-1) === id;

  return createPortal(
    <div
      ref={area}
      className={`pointer-events-none ${layer ? "absolute" : "fixed"} inset-0 flex items-center justify-center p-2 sm:p-4`}
      style={{ zIndex: z }}
    >
      <FocusScope contain={onTop} restoreFocus autoFocus>
        <div
          ref={ref}
          role="dialog"
          aria-labelledby={titleId}
          data-dialog-id={id}
          tabIndex={-1}
          onPointerDownCapture={() => dialogStack.raise(id)}
          // A dialog opened over another from inside it (in place) is inside it for React: its form's
          // submit must not bubble on to the form it was opened from.
          onSubmit={(e) => e.stopPropagation()}
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            // Handled here alone: a dialog this one was opened from stays as it is.
            e.stopPropagation();
            if (!answeredByPopup(e)) requestClose();
          }}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
          className={`pointer-events-auto relative flex max-h-[min(85vh,100%)] flex-col rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 w-full ${width}`}
        >
          <div
            data-drag-handle
            onPointerDown={(e) => {
              if ((e.target as HTMLElement).closest("button")) return;
              const box = ref.current?.getBoundingClientRect();
              const bounds = area.current?.getBoundingClientRect();
              if (!box || !bounds) return;
              e.currentTarget.setPointerCapture(e.pointerId);
              drag.current = { startX: e.clientX, startY: e.clientY, ...offset, bounds: dragBounds(box, bounds) };
            }}
            onPointerMove={(e) => {
              const d = drag.current;
              if (!d) return;
              setOffset({
                x: d.x + clamp(e.clientX - d.startX, d.bounds.left, d.bounds.right),
                y: d.y + clamp(e.clientY - d.startY, d.bounds.up, d.bounds.down),
              });
            }}
            onPointerUp={() => {
              drag.current = null;
            }}
            className="flex cursor-move touch-none items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5 select-none dark:border-slate-800"
          >
            <h2 id={titleId} className="truncate text-base font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label="Close"
              onClick={requestClose}
              className="rounded-md px-2 py-0.5 text-lg leading-none text-slate-500 outline-none dark:text-slate-400 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          <UnsavedChangesContext.Provider value={report}>
            <DialogBody>{children}</DialogBody>
          </UnsavedChangesContext.Provider>
          <DiscardChangesQuestion
            over={ref.current}
            title={title}
            isOpen={asking}
            onKeep={keepEditing}
            onDiscard={() => {
              setAsking(false);
              onClose();
            }}
          />
        </div>
      </FocusScope>
    </div>,
    layer ?? document.body,
  );
}

/**
 * The dialog's content, scrolling inside the dialog when it is taller than the screen allows. While it
 * scrolls it is a Tab stop, so the keyboard can scroll text that has nothing focusable in it.
 */
function DialogBody({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  // Measured before the first paint too, so the body is a Tab stop from the moment the dialog shows.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    return () => observer.disconnect();
  }, []);
  return (
    <div
      ref={ref}
      tabIndex={scrolls ? 0 : undefined}
      className="overflow-y-auto px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-500"
    >
      {children}
    </div>
  );
}
