import { describe, expect, it } from "vitest";
import {
  depositArithmetic,
  depositStatementDays,
  moveOutSchema,
  renewalOfferCreateSchema,
  renewalRentCents,
  renewalTermDates,
} from "./lease-lifecycle.ts";

describe("renewal rent", () => {
  it("adds a percent rounded once to the whole dollar, half up, without a float", () => {
    // $1,234.56 x 1.03 = $1,271.5968: $1,272.00.
    expect(renewalRentCents(123_456, { type: "percent", percent: "3" })).toBe(127_200);
    // $1,000.00 x 1.025 = $1,025.00 exactly; $1,001.00 x 1.025 = $1,026.025: $1,026.00.
    expect(renewalRentCents(100_000, { type: "percent", percent: "2.5" })).toBe(102_500);
    expect(renewalRentCents(100_100, { type: "percent", percent: "2.5" })).toBe(102_600);
    // $999.00 x 1.0005 = $999.4995: $999.00; $999.00 x 1.0006 = $999.5994: $1,000.00 (half up at .50).
    expect(renewalRentCents(99_900, { type: "percent", percent: "0.05" })).toBe(99_900);
    expect(renewalRentCents(99_900, { type: "percent", percent: "0.06" })).toBe(100_000);
    expect(renewalRentCents(100_000, { type: "percent", percent: "0.05" })).toBe(100_100);
    expect(renewalRentCents(123_456, { type: "fixed_increase", amount_cents: 5_000 })).toBe(128_456);
    expect(renewalRentCents(123_456, { type: "amount", rent_cents: 130_000 })).toBe(130_000);
  });

  it("gives a fixed term its last day and needs its months", () => {
    expect(renewalTermDates("2027-01-01", "fixed", 12)).toEqual({ startsOn: "2027-01-01", endsOn: "2027-12-31" });
    expect(renewalTermDates("2027-06-15", "fixed", 6)).toEqual({ startsOn: "2027-06-15", endsOn: "2027-12-14" });
    expect(renewalTermDates("2027-06-15", "month_to_month", null)).toEqual({ startsOn: "2027-06-15", endsOn: null });
    const missing = renewalOfferCreateSchema.safeParse({
      term: "fixed",
      rent_change: { type: "percent", percent: "3" },
    });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(["months"]);
  });
});

describe("move-out deposit arithmetic", () => {
  it("pays what is owed from the deposit, refunds the rest, leaves the remainder owed", () => {
    expect(depositArithmetic({ depositHeldCents: 150_000, balanceCents: 20_000, finalChargesCents: 40_000 })).toEqual({
      owedCents: 60_000,
      appliedCents: 60_000,
      depositRefundCents: 90_000,
      creditRefundCents: 0,
      refundCents: 90_000,
      balanceLeftCents: 0,
    });
    expect(
      depositArithmetic({ depositHeldCents: 50_000, balanceCents: 150_000, finalChargesCents: 10_000 }),
    ).toMatchObject({
      appliedCents: 50_000,
      refundCents: 0,
      balanceLeftCents: 110_000,
    });
    // A credit (prepaid rent) beyond the final charges is refunded with the whole deposit.
    expect(
      depositArithmetic({ depositHeldCents: 100_000, balanceCents: -30_000, finalChargesCents: 10_000 }),
    ).toMatchObject({
      appliedCents: 0,
      refundCents: 120_000,
      balanceLeftCents: 0,
    });
  });

  it("reads the state's deadline, 30 days when unknown", () => {
    expect(depositStatementDays("CA")).toBe(21);
    expect(depositStatementDays("tx")).toBe(30);
    expect(depositStatementDays("NY")).toBe(14);
    expect(depositStatementDays(null)).toBe(30);
    expect(depositStatementDays("WY")).toBe(30);
  });

  it("needs a forwarding address and positive final charges", () => {
    const bad = moveOutSchema.safeParse({
      moved_out_on: "2026-06-30",
      forwarding_address: " ",
      final_charges: [{ description: "Damage", amount_cents: 0 }],
    });
    expect(bad.error?.issues.map((i) => i.path.join("."))).toEqual([
      "forwarding_address",
      "final_charges.0.amount_cents",
    ]);
  });
});
