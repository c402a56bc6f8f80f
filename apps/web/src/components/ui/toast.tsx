import { type CSSProperties, type RefObject, useLayoutEffect, useSyncExternalStore } from "react";
import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";

export interface ToastMessage {
  /** What happened, in a few words: "Building 'Harbor Annex' added". */
  title: string;
  description?: string;
  tone?: "success" | "error" | "info";
  /** One follow-up, such as Undo; pressing it closes the toast. */
  action?: { label: string; run(): void };
}

/** Success and info notes leave by themselves; an error stays until the user closes it. */
const TIMEOUT_MS = { success: 6000, info: 6000, error: undefined } as const;

const queue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 4 });

/** Shows a short note about what just happened (after add, edit, delete and the like). */
export function toast(content: ToastMessage) {
  const tone = content.tone ?? "success";
  return queue.add({ ...content, tone }, { timeout: TIMEOUT_MS[tone] });
}

export const closeToast = (key: string) => queue.close(key);

const tones = {
  success: "border-emerald-700 bg-emerald-800 text-white",
  info: "border-slate-700 bg-slate-800 text-white",
  error: "border-red-800 bg-red-700 text-white",
} as const;

/*
 * Panels docked at the screen's right edge (the assistant) tell the toasts where they are, so a
 * toast never covers them (nor the assistant's input at their foot): toasts move left of the open
 * panels, or, where a panel leaves no room beside it (a phone), to the top of the screen.
 */
const panels = new Set<HTMLElement>();
const listeners = new Set<() => void>();
/** The width a toast needs beside a panel, with its margins. */
const ROOM_PX = 352;
const MARGIN_PX = 16;
let placement: CSSProperties | undefined;

function place() {
  let covered = 0;
  for (const panel of panels) {
    const box = panel.getBoundingClientRect();
    if (box.width > 0 && box.height > 0) covered = Math.max(covered, window.innerWidth - box.left);
  }
  const next: CSSProperties | undefined =
    covered <= 0
      ? undefined
      : window.innerWidth - covered >= ROOM_PX
        ? { right: covered + MARGIN_PX }
        : { top: MARGIN_PX / 2, bottom: "auto" };
  if (JSON.stringify(next) === JSON.stringify(placement)) return;
  placement = next;
  for (const listener of listeners) listener();
}

/** Keeps toasts clear of a panel docked at the right edge while `open`, however it is resized. */
export function useToastsClearOf(panel: RefObject<HTMLElement | null>, open: boolean) {
  useLayoutEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    panels.add(element);
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener("resize", place);
    place();
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", place);
      panels.delete(element);
      place();
    };
  }, [panel, open]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Where toasts appear (signed-in layout): bottom right, above dialogs, clear of side panels; F6
 * moves focus into them (react-aria).
 */
export function Toasts() {
  const style = useSyncExternalStore(
    subscribe,
    () => placement,
    () => undefined,
  );
  return (
    <ToastRegion
      queue={queue}
      aria-label="Notifications"
      style={style}
      className="fixed right-4 bottom-4 left-4 z-[6000] flex flex-col-reverse items-end gap-2 outline-none sm:left-auto"
    >
      {({ toast: t }) => (
        <Toast
          toast={t}
          className={`flex w-full max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg outline-none focus-visible:ring-2 focus-visible:ring-white ${tones[t.content.tone ?? "success"]}`}
        >
          <ToastContent className="flex min-w-0 flex-1 flex-col">
            <Text slot="title" className="font-semibold break-words">
              {t.content.title}
            </Text>
            {t.content.description ? (
              <Text slot="description" className="break-words opacity-90">
                {t.content.description}
              </Text>
            ) : null}
          </ToastContent>
          {t.content.action ? (
            <Button
              onPress={() => {
                queue.close(t.key);
                t.content.action?.run();
              }}
              className="shrink-0 rounded px-2 py-0.5 font-semibold underline underline-offset-2 outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
            >
              {t.content.action.label}
            </Button>
          ) : null}
          <Button
            slot="close"
            aria-label="Close notification"
            className="shrink-0 rounded px-1.5 text-base leading-none outline-none hover:bg-white/15 focus-visible:ring-2 focus-visible:ring-white"
          >
            ×
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}
