import { useCan } from "../../lib/auth/auth-context.tsx";
import { COMING_SOON, entryPermission, isBuilt, NOT_FOR_YOUR_ROLE } from "./table-registry.ts";

/**
 * Which menu entries open for this user: built, and allowed by their role (issue 13). `note` says
 * why one does not: "Coming soon" or "Not for your role".
 */
export function useEntryAccess() {
  const can = useCan();
  const allowed = (category: string, item: string) => {
    const permission = entryPermission(category, item);
    return !permission || can(permission);
  };
  return {
    opens: (category: string, item: string) => isBuilt(category, item) && allowed(category, item),
    note: (category: string, item: string) =>
      !isBuilt(category, item) ? COMING_SOON : allowed(category, item) ? undefined : NOT_FOR_YOUR_ROLE,
  };
}
