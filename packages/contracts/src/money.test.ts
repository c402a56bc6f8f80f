import { describe, expect, it } from "vitest";
import { centsToInput, formatCents, parseDollars } from "./money.ts";

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

describe("parseDollars", () => {
  it("reads typed dollars as integer cents, exactly", () => {
    expect(parseDollars("1,250")).toBe(125_000);
    expect(parseDollars("$1250.5")).toBe(125_050);
    expect(parseDollars(" 0.99 ")).toBe(99);
    expect(parseDollars(".5")).toBe(50);
    expect(parseDollars("800")).toBe(80_000);
    // 0.1 + 0.2 in floats is 0.30000000000000004; typed, it is 30 cents.
    expect(parseDollars("0.30")).toBe(30);
    expect(parseDollars("9,007,199,254,740.99")).toBe(900_719_925_474_099);
  });

  it("refuses what is not an amount, and a negative unless allowed", () => {
    for (const bad of ["", "abc", "1.234", "1.2.3", "12a", "-5", "$", ".", "1,25"])
      expect(parseDollars(bad), bad).toBeNull();
    expect(parseDollars("-5", { negative: true })).toBe(-500);
  });

  it("writes cents back as the field shows them", () => {
    expect(centsToInput(125_050)).toBe("1250.50");
    expect(centsToInput(5)).toBe("0.05");
    expect(centsToInput(-99)).toBe("-0.99");
    expect(parseDollars(centsToInput(42_667))).toBe(42_667);
  });
});
