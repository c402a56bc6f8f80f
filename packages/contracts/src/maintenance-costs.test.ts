import { describe, expect, it } from "vitest";
import {
  costLineCents,
  costLineInputSchema,
  costTotals,
  normalQuantity,
  quantityHundredths,
} from "./maintenance-costs.ts";

describe("a cost line's amount", () => {
  it("is quantity × rate, rounded once per line, half up", () => {
    expect(costLineCents("1.5", 8_500)).toBe(12_750);
    expect(costLineCents("3", 1_233)).toBe(3_699);
    // 0.33 × 50¢ = 16.5¢ → 17¢; 0.01 × 49¢ = 0.49¢ → 0¢; 0.01 × 50¢ = 0.5¢ → 1¢.
    expect(costLineCents("0.33", 50)).toBe(17);
    expect(costLineCents("0.01", 49)).toBe(0);
    expect(costLineCents("0.01", 50)).toBe(1);
    // 2.25 h × $33.33 = $74.9925 → $74.99 (7499.25¢); 1.15 × $0.10 = 11.5¢ → 12¢ (no float drift).
    expect(costLineCents("2.25", 3_333)).toBe(7_499);
    expect(costLineCents("1.15", 10)).toBe(12);
    // The largest line is exact: 10,000 × $100,000.00.
    expect(costLineCents("10000", 10_000_000)).toBe(100_000_000_000);
  });

  it("reads quantities of up to two decimals only", () => {
    expect(quantityHundredths("1.5")).toBe(150);
    expect(quantityHundredths(" 3 ")).toBe(300);
    expect(quantityHundredths("1.555")).toBeNull();
    expect(quantityHundredths("-1")).toBeNull();
    expect(quantityHundredths("1e2")).toBeNull();
    expect(normalQuantity("1.50")).toBe("1.5");
    expect(normalQuantity("3.00")).toBe("3");
    const parsed = costLineInputSchema.safeParse({ kind: "labor", description: "x", quantity: "0", rate_cents: 1 });
    expect(parsed.success).toBe(false);
  });

  it("totals lines by kind and what the resident pays", () => {
    const labor = costLineCents("1.5", 8_500);
    const parts = costLineCents("3", 1_233);
    expect(
      costTotals([
        { kind: "labor", amount_cents: labor, billable: false },
        { kind: "material", amount_cents: parts, billable: true },
      ]),
    ).toEqual({
      labor_cents: 12_750,
      material_cents: 3_699,
      other_cents: 0,
      total_cents: 12_750 + 3_699,
      billable_cents: 3_699,
    });
  });
});
