import { describe, expect, it } from "vitest";
import { formatCents } from "./money.ts";

describe("formatCents", () => {
  it("writes integer cents as dollars and cents, exactly", () => {
    expect(formatCents(0)).toBe("$0.00");
    expect(formatCents(5)).toBe("$0.05");
    expect(formatCents(123_405)).toBe("$1,234.05");
    expect(formatCents(-99)).toBe("-$0.99");
    // Beyond what a float division would keep exact in its cents.
    expect(formatCents(900_719_925_474_099)).toBe("$9,007,199,254,740.99");
  });
});
