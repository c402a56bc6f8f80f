import { describe, expect, it } from "vitest";
import { leaseCreateSchema, leaseMessages, proratedCents } from "./leases.ts";

const base = {
  property_id: "11111111-1111-4111-8111-111111111111",
  units: [{ unit_id: 1 }],
  parties: [{ tenant_id: "22222222-2222-4222-8222-222222222222", role: "primary" }],
  term: "fixed",
  start_date: "2026-06-15",
  end_date: "2027-06-14",
  rent_cents: 80000,
};

describe("lease form", () => {
  it("accepts a fixed-term lease and fills the defaults", () => {
    const lease = leaseCreateSchema.parse(base);
    expect(lease.due_day).toBe(1);
    expect(lease.late_fee).toEqual({ type: "none", amount_cents: 0, percent: "0", max_cents: null });
  });

  it("needs exactly one primary tenant and an end date on a fixed term", () => {
    const r = leaseCreateSchema.safeParse({
      ...base,
      end_date: null,
      parties: [{ tenant_id: base.parties[0]?.tenant_id, role: "co_tenant" }],
    });
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain(leaseMessages.onePrimary);
    expect(messages).toContain(leaseMessages.endRequired);
  });

  it("keeps a late fee percent as its exact decimal text", () => {
    const lease = leaseCreateSchema.parse({ ...base, late_fee: { type: "percent", percent: "7.5", max_cents: 5000 } });
    expect(lease.late_fee.percent).toBe("7.5");
    expect(leaseCreateSchema.safeParse({ ...base, late_fee: { type: "percent", percent: "7.12345" } }).success).toBe(
      false,
    );
  });
});

describe("proration", () => {
  it("counts the first day: 15 June at $800 is 800 x 16 / 30", () => {
    expect(proratedCents(80000, "2026-06-15", "2026-06-30")).toBe(Math.round((80000 * 16) / 30));
  });
  it("charges a whole month in full", () => {
    expect(proratedCents(80000, "2026-02-01", "2026-02-28")).toBe(80000);
  });
});
