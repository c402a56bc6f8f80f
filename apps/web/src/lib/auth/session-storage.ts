import { type Session, sessionSchema } from "@keyholder/contracts/auth";
import { logger } from "../logger.ts";

export const SESSION_STORAGE_KEY = "keyholder.session";

/** Session info kept in memory and in localStorage (spec section 3); storage is re-checked on every read. */
let memory: Session | null | undefined;

export function readSession(): Session | null {
  if (memory !== undefined) return memory;
  memory = parseStored(safeGet());
  return memory;
}

function safeGet(): string | null {
  // A server render draws the signed-out page.
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch (err) {
    logger.warn("could not read the stored session", err);
    return null;
  }
}

/** Corrupt or wrongly shaped storage means signed out; it is discarded and logged. */
export function parseStored(raw: string | null): Session | null {
  if (!raw) return null;
  try {
    const checked = sessionSchema.safeParse(JSON.parse(raw));
    if (checked.success) return checked.data;
    logger.warn("stored session has the wrong shape; signing out", checked.error.issues);
  } catch (err) {
    logger.warn("stored session is not valid JSON; signing out", err);
  }
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to discard
  }
  return null;
}

/** Stores the session; a storage failure is logged and rethrown (spec section 4). */
export function writeSession(session: Session) {
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  } catch (err) {
    logger.error("could not store the session", err);
    throw err;
  }
  memory = session;
  notify();
}

export function clearSession() {
  memory = null;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch (err) {
    logger.warn("could not clear the stored session", err);
  }
  notify();
}

/** Authenticated when stored session info exists and has not expired. */
export function isAuthenticated(session = readSession()): boolean {
  return session !== null && Date.parse(session.expires_at) > Date.now();
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
export function subscribeSession(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes this tab too.
  const onStorage = (e: StorageEvent) => {
    if (e.key === SESSION_STORAGE_KEY) {
      memory = undefined;
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
