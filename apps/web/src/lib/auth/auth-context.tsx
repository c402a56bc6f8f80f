import { type Session, sessionSchema } from "@keyholder/contracts/auth";
import type { Permission } from "@keyholder/contracts/permissions";
import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { api, onUnauthorized } from "../api-client.ts";
import { logger } from "../logger.ts";
import { clearSession, isAuthenticated, readSession, subscribeSession, writeSession } from "./session-storage.ts";

export interface Auth {
  session: Session | null;
  isAuthenticated: boolean;
  /** Stores the session the server answered with (login, sign-up). */
  login(session: Session): void;
  /** Ends the server session, then clears the browser's even if the call fails. */
  logout(): Promise<void>;
}

/** The auth state outside React (router guards read it). */
export const authStore = {
  get: (): Pick<Auth, "session" | "isAuthenticated"> => {
    const session = readSession();
    return { session, isAuthenticated: isAuthenticated(session) };
  },
  login: (session: Session) => writeSession(session),
  /**
   * Re-reads the session from the server (what is set may have changed elsewhere: a new logo, a
   * new role); a 401 signs the browser out through the api client's handler.
   */
  async refresh() {
    try {
      const fresh = await api("/auth/session", { schema: sessionSchema });
      if (JSON.stringify(fresh) !== JSON.stringify(readSession())) writeSession(fresh);
    } catch (err) {
      logger.warn("could not refresh the session", err);
    }
  },
  async logout() {
    try {
      await api("/auth/logout", { method: "POST" });
    } catch (err) {
      logger.warn("logout call failed; signing out locally", err);
    }
    clearSession();
  },
};

const AuthContext = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const session = useSyncExternalStore(subscribeSession, readSession, () => null);
  useEffect(() => onUnauthorized(() => clearSession()), []);
  const value = useMemo<Auth>(
    () => ({
      session,
      isAuthenticated: isAuthenticated(session),
      login: authStore.login,
      logout: authStore.logout,
    }),
    [session],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** Whether the signed-in user's role may do something (issue 13): the workspace offers only that. */
export function useCan(): (permission: Permission) => boolean {
  const { session } = useAuth();
  const permissions = session?.user.permissions;
  return useMemo(() => {
    const granted = new Set(permissions ?? []);
    return (permission: Permission) => granted.has(permission);
  }, [permissions]);
}

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error("useAuth must be used within the AuthProvider");
  return auth;
}
