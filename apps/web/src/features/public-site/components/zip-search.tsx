import { publicPropertyMessages, zipcodeSchema } from "@keyholder/contracts/public-properties";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { toZipSearchValue } from "../../../lib/zip-search-param.ts";

/** Spec: Ctrl+/ or Cmd+K focuses the public header's search (the workspace uses Ctrl+S). */
export const isSearchShortcut = (e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">) =>
  !e.altKey && ((e.ctrlKey && e.key === "/") || (e.metaKey && e.key.toLowerCase() === "k"));

/** The public header's search: a ZIP code, Enter opens /properties?zipCode=NNNNN. */
export function ZipSearch() {
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchShortcut(e)) return;
      e.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = zipcodeSchema.safeParse(text);
    if (!parsed.success) {
      setError(publicPropertyMessages.badZipcode);
      return;
    }
    setError(null);
    setText("");
    input.current?.blur();
    void navigate({ to: "/properties", search: { zipCode: toZipSearchValue(parsed.data) } });
  }

  return (
    <search aria-label="Find homes" className="relative block w-full max-w-xs">
      {/* Before the JavaScript runs (a server-rendered page), the browser submits it to the same address. */}
      <form noValidate onSubmit={submit} action="/properties">
        <label htmlFor={`${errorId}-input`} className="sr-only">
          Search homes by ZIP code
        </label>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 left-2.5 h-4 w-4 -translate-y-1/2 fill-none stroke-slate-400"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="6" />
          <path d="M20 20l-4.5-4.5" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={`${errorId}-input`}
          type="search"
          name="zipCode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="ZIP code"
          aria-keyshortcuts="Control+/ Meta+K"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
          onBlur={() => setError(null)}
          className="peer w-full rounded-lg border border-slate-300 bg-slate-50 py-1.5 pr-3 pl-8 text-sm outline-none sm:pr-16 placeholder:text-slate-500 dark:placeholder:text-slate-400 focus:border-brand-600 focus:bg-white focus:ring-2 focus:ring-brand-500/30 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-800 dark:focus:bg-slate-900"
        />
        {/* The shortcut, where there is room for it; hidden once the visitor types or is in the field. */}
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded border border-slate-300 bg-white px-1.5 font-sans text-xs text-slate-600 peer-focus:hidden peer-[:not(:placeholder-shown)]:hidden sm:block dark:border-slate-600 dark:bg-slate-900 dark:text-slate-300"
        >
          Ctrl /
        </span>
        {error ? (
          <p
            id={errorId}
            role="alert"
            className="absolute top-full left-0 mt-1 rounded-md border border-red-200 bg-white px-2 py-1 text-xs whitespace-nowrap text-red-700 shadow dark:border-red-900 dark:bg-slate-900 dark:text-red-300"
          >
            {error}
          </p>
        ) : null}
      </form>
    </search>
  );
}
