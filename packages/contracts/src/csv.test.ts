import { describe, expect, it } from "vitest";
import { csvCell, toCsv } from "./csv.ts";

describe("CSV export", () => {
  it("neutralizes cells a spreadsheet would run as formulas", () => {
    for (const evil of ['=HYPERLINK("x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(csvCell(evil).replace(/^"/, "").startsWith("'")).toBe(true);
    }
    expect(csvCell("Plain name")).toBe("Plain name");
  });
  it("neutralizes them behind leading spaces, invisible characters and in full-width forms", () => {
    for (const evil of [
      " =1+1",
      "\u200b=1+1",
      "\ufeff@SUM(A1)",
      "\u00a0+1",
      '\uff1dHYPERLINK("x")',
      "\uff0b1",
      "\uff20x",
    ]) {
      expect(csvCell(evil).replace(/^"/, "").startsWith("'"), JSON.stringify(evil)).toBe(true);
    }
    expect(csvCell(" Plain name")).toBe(" Plain name");
  });
  it("keeps numbers as numbers, negative ones too", () => {
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell(null)).toBe("");
  });
  it("quotes commas, quotes and line breaks", () => {
    expect(
      toCsv(
        ["A", "B"],
        [
          ["x,y", 'say "hi"'],
          ["line\nbreak", 3],
        ],
      ),
    ).toBe('A,B\r\n"x,y","say ""hi"""\r\n"line\nbreak",3');
  });
});
