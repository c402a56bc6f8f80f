import { subscriptionNotice } from "@keyholder/contracts/subscription";
import { useAuth } from "../../../lib/auth/auth-context.tsx";

/** Trial ending soon, grace period or payment needed (spec section 4 rules). */
export function SubscriptionBanner() {
  const { session } = useAuth();
  const notice = session ? subscriptionNotice(session.organization) : null;
  if (!notice) return null;
  return (
    <div
      role="status"
      className={`px-4 py-1.5 text-center text-sm ${notice.tone === "danger" ? "bg-red-600 text-white" : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"}`}
    >
      {notice.message}
    </div>
  );
}
