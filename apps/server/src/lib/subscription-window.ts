import { GRACE_PERIOD_DEFAULT_HOURS, SUBSCRIPTION_DEFAULT_DAYS } from "@keyholder/contracts/auth";

const HOUR_MS = 3_600_000;

/** A new organization's subscription dates: expiry after the default term, grace period right after it. */
export function subscriptionWindow(now = Date.now()) {
  const expires = now + SUBSCRIPTION_DEFAULT_DAYS * 24 * HOUR_MS;
  return {
    subscriptionExpiresAt: new Date(expires).toISOString(),
    gracePeriodStart: new Date(expires).toISOString(),
    gracePeriodEnd: new Date(expires + GRACE_PERIOD_DEFAULT_HOURS * HOUR_MS).toISOString(),
  };
}
