import { describe, expect, it } from "vitest";
import { z } from "zod";
import { numberText, numberTextMessage, parseNumberText } from "./number-text.ts";

const value = (text: string, kind?: Parameters<typeof parseNumberText>[1]) => {
  const parsed = parseNumberText(text, kind);
  return parsed.ok ? parsed.value : parsed.problem;
};

describe("reading numbers as people type them", () => {
  it("takes dollar signs, thousands separators and spaces in money", () => {
    expect(value("$1,450", "money")).toBe(1450);
    expect(value("1,450.50", "money")).toBe(1450.5);
    expect(value(" $ 1,450.50 ", "money")).toBe(1450.5);
    expect(value("1 450", "money")).toBe(1450);
    expect(value("1\u00a0450.00", "money")).toBe(1450);
    expect(value("1\u2009450", "whole")).toBe(1450);
    expect(value("$1,234,567.8", "money")).toBe(1234567.8);
    expect(value("-$5", "money")).toBe(-5);
    expect(value("$-5", "money")).toBe(-5);
    expect(value(".5", "money")).toBe(0.5);
    expect(value("12.", "money")).toBe(12);
  });

  it("gives undefined for empty or blank text", () => {
    expect(value("")).toBeUndefined();
    expect(value("   ", "whole")).toBeUndefined();
  });

  it("refuses what is not a number", () => {
    for (const text of ["abc", "12abc", "1.2.3", "$", "--5", "1e5", "Infinity", "0x10", "1,45", "12,34,567", ",450"]) {
      expect(value(text, "money"), text).toBe("not-a-number");
    }
  });

  it("takes a dollar sign only in money", () => {
    expect(value("$2", "decimal")).toBe("not-a-number");
    expect(value("$2", "whole")).toBe("not-a-number");
  });

  it("refuses decimals in whole numbers, but not a zero fraction", () => {
    expect(value("12.5", "whole")).toBe("not-whole");
    expect(value("1,200.5", "whole")).toBe("not-whole");
    expect(value("12.0", "whole")).toBe(12);
    expect(value("1,200", "whole")).toBe(1200);
    expect(value("-0", "whole")).toBe(0);
    expect(Object.is(value("-0", "whole"), 0)).toBe(true);
  });

  it("says what was wrong and gives an example of the field's kind", () => {
    expect(numberTextMessage("Base rent", "money", "not-a-number")).toBe(
      "Base rent must be a number, like 1450 or $1,450.50",
    );
    expect(numberTextMessage("Bedrooms", "decimal", "not-a-number")).toBe("Bedrooms must be a number, like 2 or 1.5");
    expect(numberTextMessage("Number of units", "whole", "not-a-number")).toBe(
      "Number of units must be a whole number, like 12 or 1,450",
    );
    expect(numberTextMessage("Number of units", "whole", "not-whole")).toBe(
      "Number of units must be a whole number, without decimals",
    );
  });
});

describe("a number field as typed, checked by its own rule", () => {
  const units = numberText("Number of units", "whole", z.number().int().min(0, "At least 0").default(0));
  const rent = numberText("Base rent", "money", z.number({ error: "Base rent is required" }));
  const messages = (r: { success: boolean; error?: z.ZodError }) => r.error?.issues.map((i) => i.message);

  it("hands the read number to the rule", () => {
    expect(units.parse("1,200")).toBe(1200);
    expect(rent.parse("$1,450.50")).toBe(1450.5);
    expect(messages(units.safeParse("-3"))).toEqual(["At least 0"]);
  });

  it("lets the rule decide about empty text", () => {
    expect(units.parse("")).toBe(0);
    expect(messages(rent.safeParse(" "))).toEqual(["Base rent is required"]);
  });

  it("reports text that is not a number once, without the rule's message", () => {
    expect(messages(rent.safeParse("abc"))).toEqual(["Base rent must be a number, like 1450 or $1,450.50"]);
    expect(messages(units.safeParse("2.5"))).toEqual(["Number of units must be a whole number, without decimals"]);
  });
});
