import {
  type AiResponse,
  type AssistantTarget,
  assistantMessages,
  CHAT_PANEL_STEP,
  CHAT_PANEL_WIDTH,
} from "@keyholder/contracts/assistant";
import { useNavigate, useRouterState } from "@tanstack/react-router";
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useToastsClearOf } from "../../../components/ui/toast.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useAuth } from "../../../lib/auth/auth-context.tsx";
import { APP_NAME } from "../../../lib/document-title.ts";
import { requestInWorkspace } from "../../../lib/workspace-requests.ts";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";
import { askAssistant } from "../api/ask-assistant.ts";
import { DOCK_BESIDE_PAGE } from "../assistant-dock.tsx";
import type { AssistantPanelProps } from "../assistant-seam.ts";
import { usePanelWidth } from "../hooks/use-panel-width.ts";

/** Spec section 3: a chat message. */
interface ChatMessage {
  id: number;
  type: "user" | "ai" | "error";
  text: string;
  timestamp: number;
  links?: AiResponse["links"];
  /** The external model that wrote an answer (the built-in engine's answers name none). */
  model?: string;
}

/** What the public page shows: the property at /properties/{slug}, or the ZIP code searched at /properties. */
function pageContext(pathname: string, search: Record<string, unknown>) {
  const property = /^\/properties\/([^/]+)/.exec(pathname)?.[1];
  if (property) return { property_slug: decodeURIComponent(property) };
  if (pathname === "/properties" && search.zipCode !== undefined) return { zipcode: String(search.zipCode) };
  return undefined;
}

let nextId = 1;
const message = (
  type: ChatMessage["type"],
  text: string,
  answer?: Pick<AiResponse, "links" | "engine" | "model">,
): ChatMessage => ({
  id: nextId++,
  type,
  text,
  timestamp: Date.now(),
  ...(answer?.links?.length ? { links: answer.links } : {}),
  ...(answer?.engine === "external" && answer.model ? { model: answer.model } : {}),
});

/**
 * The AI assistant (spec accounts 2, 4, 5; issue 15): a right-side panel below the header with the
 * product's name, a close button, the messages (a greeting first), an input and Send. Enter sends,
 * Shift+Enter adds a line; while an answer is on its way the input waits and a typing indicator
 * shows. Its left edge resizes it by pointer or arrow keys, within 300 to 800 px, remembered.
 * Escape closes it; closing from inside gives focus back to what opened it (on a phone the panel
 * covers the page, and focus left on the hidden panel would drop to the top of the document). On a
 * phone it also closes when it opens a page for the user, who would otherwise not see that page.
 */
export function AssistantPanel({ open, onClose }: AssistantPanelProps) {
  const { session } = useAuth();
  const [width, setWidth] = usePanelWidth(session?.user.id ?? null);
  const location = useRouterState({ select: (state) => state.location });
  const context = pageContext(location.pathname, location.search as Record<string, unknown>);
  const onPublicPage = !location.pathname.startsWith("/workspace");
  const [messages, setMessages] = useState<ChatMessage[]>(() => [
    message("ai", onPublicPage ? assistantMessages.publicGreeting : assistantMessages.greeting),
  ]);
  const [text, setText] = useState("");
  const [waiting, setWaiting] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const navigate = useNavigate();

  const root = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useToastsClearOf(root, open);
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open) {
      opener.current = active instanceof HTMLElement && !root.current?.contains(active) ? active : null;
      input.current?.focus();
    } else if ((active === document.body || root.current?.contains(active)) && opener.current?.isConnected) {
      opener.current.focus();
    }
  }, [open]);
  // The newest message (or the typing indicator) stays in view.
  const shown = messages.length + (waiting ? 1 : 0);
  useEffect(() => {
    if (shown > 0) end.current?.scrollIntoView?.({ block: "end" });
  }, [shown]);
  // The input is disabled while waiting; focus comes back to it with the answer (a no-op while the
  // panel is closed: a hidden input cannot take focus).
  useEffect(() => {
    if (!waiting) input.current?.focus();
  }, [waiting]);

  const go = (target: AssistantTarget) => {
    if (!window.matchMedia(DOCK_BESIDE_PAGE).matches) onClose();
    if ("workspace" in target) {
      const { category, item, filters } = target.workspace;
      requestInWorkspace({ category, item, action: "filter", filters: filters ?? {} });
    } else {
      // The search's filters as its URL holds them: "1" and "2" as numbers, which the router writes unquoted.
      const { zipCode, bedrooms, ...filters } = target.search;
      void navigate({
        to: "/properties",
        search: {
          zipCode: toZipSearchValue(zipCode),
          ...(bedrooms ? { bedrooms: bedrooms === "1" || bedrooms === "2" ? Number(bedrooms) : bedrooms } : {}),
          ...filters,
        },
      });
    }
  };

  async function send() {
    const prompt = text.trim();
    if (!prompt || waiting) return;
    setMessages((m) => [...m, message("user", prompt)]);
    setText("");
    setWaiting(true);
    try {
      const answer = await askAssistant({ prompt, ...(context ? { context } : {}) });
      setMessages((m) => [...m, message("ai", answer.response, answer)]);
      if (answer.action?.type === "navigate") go(answer.action.payload);
    } catch (err) {
      setMessages((m) => [
        ...m,
        message("error", err instanceof ApiError && err.status < 500 ? err.message : assistantMessages.failed),
      ]);
    } finally {
      setWaiting(false);
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  // Dragging the left edge: the panel grows as the pointer moves left.
  const drag = useRef<{ x: number; width: number } | null>(null);
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current) setWidth(drag.current.width + (drag.current.x - e.clientX));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onEdgeKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? CHAT_PANEL_STEP * 10 : CHAT_PANEL_STEP;
    const next =
      e.key === "ArrowLeft"
        ? width + step
        : e.key === "ArrowRight"
          ? width - step
          : e.key === "Home"
            ? CHAT_PANEL_WIDTH.min
            : e.key === "End"
              ? CHAT_PANEL_WIDTH.max
              : null;
    if (next === null) return;
    e.preventDefault();
    setWidth(next);
  };

  return (
    <aside
      ref={root}
      aria-labelledby={titleId}
      style={{ width }}
      onKeyDown={(e) => {
        if (e.key === "Escape" && !e.defaultPrevented) {
          e.preventDefault();
          onClose();
        }
      }}
      className="relative flex max-w-full shrink-0 flex-col border-l border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a focusable splitter is role=separator with a value (WAI-ARIA window splitter); <hr> cannot take focus. */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label="Resize the assistant"
        aria-valuenow={width}
        aria-valuemin={CHAT_PANEL_WIDTH.min}
        aria-valuemax={CHAT_PANEL_WIDTH.max}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onKeyDown={onEdgeKey}
        className="absolute inset-y-0 -left-1 z-10 w-2 cursor-col-resize outline-none hover:bg-brand-500/30 focus-visible:bg-brand-500/50"
      />
      <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <h2 id={titleId} className="text-base font-semibold">
          {APP_NAME} AI Assistant
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the assistant"
          className="rounded-md px-2 py-1 text-lg leading-none text-slate-600 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-300 dark:hover:bg-slate-800"
        >
          ×
        </button>
      </div>
      <div role="log" aria-live="polite" aria-label="Conversation" className="flex-1 space-y-3 overflow-y-auto p-4">
        {messages.map((m) => (
          <div key={m.id} className={m.type === "user" ? "flex justify-end" : "flex justify-start"}>
            <div
              className={`max-w-[85%] whitespace-pre-line rounded-xl px-3 py-2 text-sm ${
                m.type === "user"
                  ? "bg-brand-700 text-white"
                  : m.type === "error"
                    ? "border border-red-300 bg-red-50 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
                    : "bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100"
              }`}
            >
              <span className="sr-only">
                {m.type === "user" ? "You: " : m.type === "error" ? "Error: " : "Assistant: "}
              </span>
              {m.text}
              {m.model ? (
                <span className="mt-1 block text-xs text-slate-600 dark:text-slate-400">Answered by {m.model}</span>
              ) : null}
              {m.links?.map((link) => (
                <button
                  key={link.label}
                  type="button"
                  onClick={() => go(link.target)}
                  className="mt-2 block font-semibold text-brand-700 underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-brand-400"
                >
                  {link.label}
                </button>
              ))}
            </div>
          </div>
        ))}
        {waiting ? (
          <div className="flex justify-start">
            <p className="rounded-xl bg-slate-100 px-3 py-2 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              <span className="sr-only">The assistant is typing</span>
              <span aria-hidden="true" className="inline-flex gap-1">
                <span className="h-2 w-2 animate-bounce rounded-full bg-current [animation-delay:-0.3s]" />
                <span className="h-2 w-2 animate-bounce rounded-full bg-current [animation-delay:-0.15s]" />
                <span className="h-2 w-2 animate-bounce rounded-full bg-current" />
              </span>
            </p>
          </div>
        ) : null}
        <div ref={end} />
      </div>
      <form
        className="flex items-end gap-2 border-t border-slate-200 p-3 dark:border-slate-800"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label className="sr-only" htmlFor={`${titleId}-input`}>
          Ask the assistant
        </label>
        <textarea
          id={`${titleId}-input`}
          ref={input}
          rows={2}
          value={text}
          disabled={waiting}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={onPublicPage ? assistantMessages.publicPlaceholder : assistantMessages.placeholder}
          className="min-h-10 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="submit"
          disabled={waiting || text.trim() === ""}
          className="rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white outline-none hover:bg-brand-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:opacity-50 dark:focus-visible:ring-offset-slate-900"
        >
          Send
        </button>
      </form>
    </aside>
  );
}
