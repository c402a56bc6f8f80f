import { describe, expect, it } from "vitest";
import { displayName } from "./people.ts";
import {
  daysUntilExpiration,
  isInGracePeriod,
  isPaymentNeeded,
  isSubscriptionActive,
  subscriptionNotice,
  subscriptionStatusText,
} from "./subscription.ts";

const now = new Date("2026-06-15T12:00:00Z");

describe("subscription rules", () => {
  it("counts ACTIVE and TRIAL as active, nothing else", () => {
    expect(isSubscriptionActive({ subscription_status: "ACTIVE" })).toBe(true);
    expect(isSubscriptionActive({ subscription_status: "TRIAL" })).toBe(true);
    expect(isSubscriptionActive({ subscription_status: "EXPIRED" })).toBe(false);
    expect(isSubscriptionActive({ subscription_status: "active" })).toBe(false);
  });

  it("is in grace period between start and end, both inclusive", () => {
    const org = { grace_period_start: "2026-06-01T00:00:00Z", grace_period_end: "2026-06-15T12:00:00Z" };
    expect(isInGracePeriod(org, now)).toBe(true);
    expect(isInGracePeriod({ ...org, grace_period_start: "2026-06-15T12:00:00Z" }, now)).toBe(true);
    expect(isInGracePeriod({ ...org, grace_period_end: "2026-06-15T11:59:59Z" }, now)).toBe(false);
    expect(isInGracePeriod({ grace_period_start: null, grace_period_end: null }, now)).toBe(false);
    expect(isInGracePeriod({ ...org, grace_period_start: "soon" }, now)).toBe(false);
  });

  it("needs payment only when payment_needed is true", () => {
    expect(isPaymentNeeded({ payment_needed: true })).toBe(true);
    expect(isPaymentNeeded({ payment_needed: false })).toBe(false);
  });

  it("counts days until expiration rounded up, null when missing or invalid", () => {
    expect(daysUntilExpiration({ subscription_expires_at: "2026-06-16T12:00:00Z" }, now)).toBe(1);
    expect(daysUntilExpiration({ subscription_expires_at: "2026-06-16T12:00:01Z" }, now)).toBe(2);
    expect(daysUntilExpiration({ subscription_expires_at: "2026-06-15T13:00:00Z" }, now)).toBe(1);
    expect(daysUntilExpiration({ subscription_expires_at: "2026-06-14T12:00:00Z" }, now)).toBe(-1);
    expect(daysUntilExpiration({ subscription_expires_at: null }, now)).toBeNull();
    expect(daysUntilExpiration({ subscription_expires_at: "not a date" }, now)).toBeNull();
  });
});

describe("display name", () => {
  it("prefers the preferred name, else first and last, else nothing", () => {
    expect(displayName({ first_name: "Ada", last_name: "Lovelace", preferred_name: "Countess" })).toBe("Countess");
    expect(displayName({ first_name: "Ada", last_name: "Lovelace", preferred_name: "  " })).toBe("Ada Lovelace");
    expect(displayName({ first_name: "Ada", last_name: "", preferred_name: null })).toBe("Ada");
    expect(displayName(null)).toBe("");
  });
});

describe("subscription notice", () => {
  const base = {
    subscription_status: "TRIAL",
    subscription_expires_at: "2026-07-15T12:00:00Z",
    payment_needed: false,
    grace_period_start: null,
    grace_period_end: null,
  };

  it("says nothing while the trial has more than 14 days left", () => {
    expect(subscriptionNotice(base, now)).toBeNull();
  });

  it("warns when the trial ends within 14 days", () => {
    expect(subscriptionNotice({ ...base, subscription_expires_at: "2026-06-25T12:00:00Z" }, now)).toEqual({
      tone: "warning",
      message: "Your trial ends in 10 days.",
    });
  });

  it("warns in the grace period and when payment is needed, payment first", () => {
    const grace = { ...base, grace_period_start: "2026-06-01T00:00:00Z", grace_period_end: "2026-06-20T12:00:00Z" };
    expect(subscriptionNotice(grace, now)?.message).toContain("grace period for 5 more days");
    expect(subscriptionNotice({ ...grace, payment_needed: true }, now)?.message).toContain("Payment is needed");
  });
});

describe("subscription status as a person reads it", () => {
  const org: Parameters<typeof subscriptionStatusText>[0] = {
    subscription_status: "ACTIVE",
    subscription_expires_at: "2027-06-15T12:00:00Z",
    payment_needed: false,
    grace_period_start: "2027-06-15T12:00:00Z",
    grace_period_end: "2027-07-15T12:00:00Z",
  };
  const text = (o: Partial<typeof org>, at = now) => subscriptionStatusText({ ...org, ...o }, at, "UTC");

  it("says Active, or Expired once an active subscription is past its expiry", () => {
    expect(text({})).toBe("Active");
    expect(text({ subscription_expires_at: "2026-06-01T00:00:00Z", grace_period_start: null })).toBe("Expired");
  });

  it("counts a trial's days left, rounded up", () => {
    expect(text({ subscription_status: "TRIAL", subscription_expires_at: "2026-06-27T00:00:00Z" })).toBe(
      "Trial — 12 days left",
    );
    expect(text({ subscription_status: "TRIAL", subscription_expires_at: "2026-06-16T00:00:00Z" })).toBe(
      "Trial — 1 day left",
    );
    expect(text({ subscription_status: "TRIAL", subscription_expires_at: "2026-06-15T12:00:00Z" })).toBe(
      "Trial — ends today",
    );
    expect(text({ subscription_status: "TRIAL", subscription_expires_at: null })).toBe("Trial");
    expect(
      text({ subscription_status: "TRIAL", subscription_expires_at: "2026-06-01T00:00:00Z", grace_period_start: null }),
    ).toBe("Trial ended");
  });

  it("names the grace period's last day while in it", () => {
    expect(text({}, new Date("2027-06-20T00:00:00Z"))).toBe("In grace period until Jul 15, 2027");
  });

  it("reads any other status as words, not a code", () => {
    expect(text({ subscription_status: "PAST_DUE" })).toBe("Past due");
    expect(text({ subscription_status: "EXPIRED" })).toBe("Expired");
  });
});
