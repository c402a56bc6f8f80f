import { describe, expect, it } from "vitest";
import { planDistributions } from "./plan-distributions.ts";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const X = "00000000-0000-4000-8000-0000000000a1";
const Y = "00000000-0000-4000-8000-0000000000b1";

describe("planDistributions", () => {
  it("nets an owner's shortfall against their other property: $1,000 and -$200 pay $800", () => {
    const [d] = planDistributions(
      [
        { id: A, name: "Alder", available: 100_000 },
        { id: B, name: "Birch", available: -20_000 },
      ],
      [
        { property_id: A, owner_id: X, owner_name: "Xia", share_bp: 10_000 },
        { property_id: B, owner_id: X, owner_name: "Xia", share_bp: 10_000 },
      ],
    );
    expect(d?.amount_cents).toBe(100_000 - 20_000);
    expect(d?.properties.map((p) => [p.property.name, p.paid_cents])).toEqual([
      ["Alder", 100_000],
      ["Birch", -20_000],
    ]);
  });

  it("shares a property between owners and never pays an owner whose properties are short in all", () => {
    const plan = planDistributions(
      [
        { id: A, name: "Alder", available: 10_001 },
        { id: B, name: "Birch", available: -5_000 },
      ],
      [
        { property_id: A, owner_id: X, owner_name: "Xia", share_bp: 6_000 },
        { property_id: A, owner_id: Y, owner_name: "Yves", share_bp: 4_000 },
        { property_id: B, owner_id: Y, owner_name: "Yves", share_bp: 10_000 },
      ],
    );
    const x = plan.find((d) => d.owner.name === "Xia");
    const y = plan.find((d) => d.owner.name === "Yves");
    expect(x?.amount_cents).toBe(6_001);
    // Yves: 4,000 of Alder less 5,000 short on Birch: nothing to pay, nothing moved.
    expect(y?.available_cents).toBe(4_000 - 5_000);
    expect(y?.amount_cents).toBe(0);
    expect(y?.properties.every((p) => p.paid_cents === 0)).toBe(true);
    // Asking for more than is available is refused whole.
    expect(() =>
      planDistributions(
        [{ id: A, name: "Alder", available: 10_000 }],
        [{ property_id: A, owner_id: X, owner_name: "Xia", share_bp: 10_000 }],
        new Map([[X, 10_001]]),
      ),
    ).toThrow("At most $100.00 is available for Xia: paying more would leave their trust money negative");
  });
});
