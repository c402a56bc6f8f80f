import { type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { FocusScope } from "react-aria";
import { createPortal } from "react-dom";
import { dialogStack } from "./dialog-stack.ts";

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

/** How far a dialog may move each way from where a drag starts: it stays wholly on screen. */
interface DragBounds {
  left: number;
  right: number;
  up: number;
  down: number;
}
const dragBounds = (box: DOMRect): DragBounds => ({
  left: Math.min(0, -box.left),
  right: Math.max(0, window.innerWidth - box.right),
  up: Math.min(0, -box.top),
  down: Math.max(0, window.innerHeight - box.bottom),
});
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The app's dialog (spec section 2), window-like: dragged by its title bar, raised above the others
 * by a click, focus kept inside while it is on top and given back when it closes, Escape closes it.
 */
export function Dialog({ id, title, isOpen, onClose, children, width = "max-w-lg" }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; x: number; y: number; bounds: DragBounds } | null>(null);
  const order = useSyncExternalStore(dialogStack.subscribe, dialogStack.snapshot, dialogStack.snapshot);

  useEffect(() => {
    if (!isOpen) return;
    dialogStack.raise(id);
    return () => dialogStack.remove(id);
  }, [id, isOpen]);

  // A dialog moved aside goes back to the middle when the window shrinks (a phone turned) and would cut it off.
  useEffect(() => {
    if (!isOpen) return;
    const onResize = () => {
      const box = ref.current?.getBoundingClientRect();
      if (box && (box.left < 0 || box.top < 0 || box.right > window.innerWidth || box.bottom > window.innerHeight))
        setOffset({ x: 0, y: 0 });
    };
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, [isOpen]);

  if (!isOpen) return null;
  const z = dialogStack.zIndex(id);
  const onTop = order.at(-1) === id;

  return createPortal(
    <div className="pointer-events-none fixed inset-0 flex items-center justify-center p-4" style={{ zIndex: z }}>
      <FocusScope contain={onTop} restoreFocus autoFocus>
        <div
          ref={ref}
          role="dialog"
          aria-labelledby={titleId}
          data-dialog-id={id}
          tabIndex={-1}
          onPointerDownCapture={() => dialogStack.raise(id)}
          onKeyDown={(e) => {
            if (e.key === "Escape") {
              e.stopPropagation();
              onClose();
            }
          }}
          style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
          className={`pointer-events-auto flex max-h-[min(85vh,calc(100dvh-2rem))] flex-col rounded-xl border border-slate-200 bg-white text-slate-900 shadow-2xl outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 w-[92vw] ${width}`}
        >
          <div
            data-drag-handle
            onPointerDown={(e) => {
              if ((e.target as HTMLElement).closest("button")) return;
              const box = ref.current?.getBoundingClientRect();
              if (!box) return;
              e.currentTarget.setPointerCapture(e.pointerId);
              drag.current = { startX: e.clientX, startY: e.clientY, ...offset, bounds: dragBounds(box) };
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
              onClick={onClose}
              className="rounded-md px-2 py-0.5 text-lg leading-none text-slate-500 outline-none dark:text-slate-400 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800"
            >
              ×
            </button>
          </div>
          <DialogBody>{children}</DialogBody>
        </div>
      </FocusScope>
    </div>,
    document.body,
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
