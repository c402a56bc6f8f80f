import type { Session } from "@keyholder/contracts/auth";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useAuth } from "../lib/auth/auth-context.tsx";

/** Whose answers the cache holds: the organization, the user, and who views as them. */
const identityOf = (session: Session | null) =>
  session ? `${session.organization.number}:${session.user.id}:${session.preview?.viewer_id ?? ""}` : null;

/**
 * Cached answers belong to the person who asked: when the signed-in person changes (sign-out, a
 * colleague signing in on the same page, View as), they are dropped, so nobody is shown, even for
 * a moment while it refetches, what the previous person's session could read.
 */
export function useCachePerUser() {
  const { session } = useAuth();
  const queryClient = useQueryClient();
  const identity = identityOf(session);
  const previous = useRef(identity);
  useEffect(() => {
    if (previous.current === identity) return;
    // Reset, not removed: a page still shown asks again as the new person instead of showing nothing.
    if (previous.current !== null) void queryClient.resetQueries();
    previous.current = identity;
  }, [identity, queryClient]);
}
