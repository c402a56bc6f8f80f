import type { SessionOrganization } from "./auth.ts";

/** Subscription rules of spec section 4. `now` is injectable so the rules are testable. */

export const ACTIVE_SUBSCRIPTION_STATUSES = ["ACTIVE", "TRIAL"] as const;
const DAY_MS = 86_400_000;

type Org = Pick<
  SessionOrganization,
  "subscription_status" | "subscription_expires_at" | "payment_needed" | "grace_period_start" | "grace_period_end"
>;

const time = (iso: string | null | undefined) => {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
};

export const isSubscriptionActive = (org: Pick<Org, "subscription_status">) =>
  (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(org.subscription_status);

/** Inclusive at both ends; false when either end is missing or not a date. */
export function isInGracePeriod(org: Pick<Org, "grace_period_start" | "grace_period_end">, now = new Date()) {
  const start = time(org.grace_period_start);
  const end = time(org.grace_period_end);
  if (start === null || end === null) return false;
  const t = now.getTime();
  return t >= start && t <= end;
}

export const isPaymentNeeded = (org: Pick<Org, "payment_needed">) => org.payment_needed === true;

/** Whole days until expiry, rounded up; null when there is no valid expiry date. */
export function daysUntilExpiration(org: Pick<Org, "subscription_expires_at">, now = new Date()) {
  const end = time(org.subscription_expires_at);
  if (end === null) return null;
  return Math.ceil((end - now.getTime()) / DAY_MS);
}

export const TRIAL_NOTICE_DAYS = 14;

/**
 * The workspace banner's message, or null: payment needed first, then the grace period, then a
 * trial ending within 14 days.
 */
export function subscriptionNotice(org: Org, now = new Date()): { tone: "warning" | "danger"; message: string } | null {
  if (isPaymentNeeded(org)) {
    return {
      tone: "danger",
      message: "Payment is needed to keep your subscription active. Please update your billing details.",
    };
  }
  if (isInGracePeriod(org, now)) {
    const end = time(org.grace_period_end);
    const days = end === null ? null : Math.ceil((end - now.getTime()) / DAY_MS);
    return {
      tone: "danger",
      message: `Your subscription has expired and is in its grace period${days !== null ? ` for ${days} more day${days === 1 ? "" : "s"}` : ""}. Renew to keep access.`,
    };
  }
  const days = daysUntilExpiration(org, now);
  if (org.subscription_status === "TRIAL" && days !== null && days >= 0 && days <= TRIAL_NOTICE_DAYS) {
    return {
      tone: "warning",
      message: days === 0 ? "Your trial ends today." : `Your trial ends in ${days} day${days === 1 ? "" : "s"}.`,
    };
  }
  return null;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * The subscription as a person reads it (issue 10, item 10): "Active", "Trial — 12 days left",
 * "Expired", "In grace period until Mar 3, 2027". The grace period wins, since then access hangs
 * on renewing; an active status past its expiry reads Expired. `timeZone` is for tests.
 */
export function subscriptionStatusText(org: Org, now = new Date(), timeZone?: string): string {
  if (isInGracePeriod(org, now) && org.grace_period_end) {
    const end = new Date(org.grace_period_end).toLocaleDateString("en-US", { dateStyle: "medium", timeZone });
    return `In grace period until ${end}`;
  }
  const days = daysUntilExpiration(org, now);
  const expired = days !== null && days < 0;
  if (org.subscription_status === "TRIAL") {
    if (days === null) return "Trial";
    if (expired) return "Trial ended";
    return days === 0 ? "Trial — ends today" : `Trial — ${plural(days, "day")} left`;
  }
  if (org.subscription_status === "ACTIVE") return expired ? "Expired" : "Active";
  const words = org.subscription_status.replaceAll("_", " ").trim().toLowerCase();
  return words ? words[0]?.toUpperCase() + words.slice(1) : "Unknown";
}
