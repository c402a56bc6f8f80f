import { describe, expect, it } from "vitest";
import { formatDate, formatMoney, formatNumber, formatOccupancy } from "./format.ts";

describe("table formats", () => {
  it("shows occupancy to one decimal, N/A without units", () => {
    expect(formatOccupancy(1, 3)).toBe("33.3%");
    expect(formatOccupancy(0, 0)).toBe("N/A");
  });
  it("formats en-US numbers and dollars, N/A when missing", () => {
    expect(formatNumber(12500)).toBe("12,500");
    expect(formatMoney(1350)).toBe("$1,350.00");
    expect(formatMoney(null)).toBe("N/A");
  });
  it("shows dates as the UTC calendar day", () => {
    expect(formatDate("2026-11-03T23:30:00.000Z")).toBe("11/3/2026");
  });
});
