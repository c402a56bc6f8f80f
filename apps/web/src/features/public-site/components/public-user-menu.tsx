import { displayName } from "@keyholder/contracts/people";
import { Link, useNavigate, useRouter } from "@tanstack/react-router";
import { useEffect, useId, useRef, useState } from "react";
import { useAuth } from "../../../lib/auth/auth-context.tsx";
import { initialsOf } from "../../../lib/format.ts";

const itemClass =
  "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 outline-none hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:text-slate-100 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";

/**
 * The public header's user menu for a signed-in visitor (spec accounts 2, header): their name, Go to
 * workspace and Logout. A disclosure of plain elements, so the public pages load no menu library:
 * Escape or a click elsewhere closes it, and focus returns to its button.
 */
export function PublicUserMenu() {
  const { session, logout } = useAuth();
  const router = useRouter();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const user = session?.user;
  const name = displayName(user?.person) || user?.username || "Your account";

  useEffect(() => {
    if (!open) return;
    const away = (e: Event) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", away);
    document.addEventListener("focusin", away);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("focusin", away);
      document.removeEventListener("keydown", onEscape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-lg px-2 py-1 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 dark:hover:bg-slate-800"
      >
        <span className="sr-only">User menu: </span>
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-semibold text-white"
        >
          {initialsOf(name) || "?"}
        </span>
        <span className="hidden max-w-40 truncate text-sm font-semibold text-slate-800 sm:block dark:text-slate-100">
          {name}
        </span>
      </button>
      <div
        id={id}
        hidden={!open}
        className="absolute right-0 mt-2 w-56 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        <p className="truncate px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
          Signed in as <span className="font-semibold text-slate-800 dark:text-slate-100">{name}</span>
        </p>
        <Link to="/workspace" className={itemClass} onClick={() => setOpen(false)}>
          Go to workspace
        </Link>
        <button
          type="button"
          className={itemClass}
          onClick={async () => {
            setOpen(false);
            await logout();
            await router.invalidate();
            await navigate({ to: "/" });
          }}
        >
          Logout
        </button>
      </div>
    </div>
  );
}
