import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { fingerprints } from "./fingerprints.ts";
import { applyMapping, bankDate, guessMapping } from "./map-csv.ts";
import { bankAmountCents } from "./money-text.ts";
import { readStatementFile } from "./read-statement-file.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const ofxLines = (bytes: Buffer) => {
  const file = readStatementFile(bytes);
  if (file.format !== "ofx") throw new Error("read as CSV");
  return file.lines;
};
const csv = (text: string) => {
  const file = readStatementFile(Buffer.from(text, "utf8"));
  if (file.format !== "csv") throw new Error("read as OFX");
  return file.table;
};

describe("OFX and QFX files (a corpus of what banks send)", () => {
  it("reads SGML written on one line, in Windows-1252, with entities, a check number and no closing tags", () => {
    expect(ofxLines(fixture("sgml-one-line-1252.ofx"))).toEqual([
      { posted_on: "2026-10-02", description: "DEPOSIT", reference: null, amount_cents: 150000, fitid: "A1" },
      {
        posted_on: "2026-10-05",
        description: "Café Plumbing & Co · Repair <unit 4>",
        reference: "1001",
        amount_cents: -25050,
        fitid: "A2",
      },
      { posted_on: "2026-10-31", description: "SERVICE FEE", reference: null, amount_cents: -1200, fitid: "A3" },
    ]);
  });

  it("reads OFX 2 XML in UTF-8, with zeros past the cents and a memo that repeats the name", () => {
    expect(ofxLines(fixture("xml-v2.ofx"))).toEqual([
      { posted_on: "2026-10-03", description: "Crème brûlée café", reference: null, amount_cents: -29, fitid: "X9" },
      { posted_on: "2026-10-31", description: "INTEREST", reference: null, amount_cents: 7, fitid: "X10" },
    ]);
  });

  it("reads a credit card's QFX, and keeps two lines a bank gave one FITID apart", () => {
    const lines = ofxLines(fixture("credit-card.qfx"));
    expect(lines.map((l) => [l.posted_on, l.amount_cents])).toEqual([
      ["2026-10-10", -4500],
      ["2026-10-11", -4500],
      ["2026-10-20", 10000],
    ]);
    expect(fingerprints(lines)).toEqual(["fitid:DUP", "fitid:DUP#2", "fitid:P1"]);
  });

  it("refuses what is not a statement: a PDF, an OFX without transactions, a binary file", () => {
    expect(() => readStatementFile(Buffer.from("%PDF-1.7\n..."))).toThrow("This is not a CSV, OFX or QFX file");
    expect(() => readStatementFile(Buffer.from("OFXHEADER:100\n\n<OFX>\n</OFX>\n"))).toThrow(
      "No transactions were found in this file",
    );
    expect(() => readStatementFile(Buffer.from([0x50, 0x4b, 3, 4, 0, 0]))).toThrow(
      "This is not a CSV, OFX or QFX file",
    );
  });
});

describe("CSV exports", () => {
  it("finds the header under the bank's account lines and guesses the mapping from its names", () => {
    const table = csv(
      'Account,Operating ****1234\nPeriod,Oct 2026\n\nPosting Date,Description,Check Number,Amount\n10/02/2026,"Deposit, rents",,"1,500.00"\n10/05/2026,Cafe Plumbing,1001,(250.50)\n10/31/2026,Service fee,,-12\n',
    );
    expect(table.columns).toEqual(["Posting Date", "Description", "Check Number", "Amount"]);
    const mapping = guessMapping(table);
    expect(mapping).toEqual({
      date_column: "Posting Date",
      description_column: "Description",
      amount_column: "Amount",
      debit_column: null,
      credit_column: null,
      reference_column: "Check Number",
      date_order: "MDY",
    });
    expect(
      applyMapping(table, mapping ?? ({} as never)).map((l) => [l.posted_on, l.amount_cents, l.reference]),
    ).toEqual([
      ["2026-10-02", 150000, null],
      ["2026-10-05", -25050, "1001"],
      ["2026-10-31", -1200, null],
    ]);
  });

  it("reads money out and money in columns, semicolons, day-first dates, and skips a closing balance row", () => {
    const table = csv(
      "Date;Details;Withdrawals;Deposits\n31/10/2026;Fee;12,00;\n02/10/2026;Rent;;1500,5\n;Closing balance;;1488,50\n",
    );
    const mapping = guessMapping(table);
    expect(mapping?.date_order).toBe("DMY");
    expect(mapping?.debit_column).toBe("Withdrawals");
    expect(mapping?.credit_column).toBe("Deposits");
    // "12,00" is no amount in dollars: the row that does not read is named, and nothing is kept.
    expect(() => applyMapping(table, mapping ?? ({} as never))).toThrow('Row 2: "12,00" is not an amount');
    const dotted = csv(
      "Date;Details;Withdrawals;Deposits\n31/10/2026;Fee;12.00;\n02/10/2026;Rent;;1500.5\n;Closing balance;;1488.50\n",
    );
    expect(applyMapping(dotted, mapping ?? ({} as never)).map((l) => [l.posted_on, l.amount_cents])).toEqual([
      ["2026-10-31", -1200],
      ["2026-10-02", 150050],
    ]);
  });

  it("names a column the file does not have, and a date that does not read", () => {
    const table = csv("Date,Description,Amount\n2026-10-02,Rent,5\n13/40/2026,Bad,5\n");
    const mapping = {
      date_column: "Date",
      description_column: "Description",
      amount_column: "Amount",
      debit_column: null,
      credit_column: null,
      reference_column: null,
      date_order: "MDY" as const,
    };
    expect(() => applyMapping(table, { ...mapping, reference_column: "Memo" })).toThrow("Choose a column of this file");
    expect(() => applyMapping(table, mapping)).toThrow('Row 2: "2026-10-02" is not a date in the order chosen');
  });

  it("keeps two identical lines of one file as two, and the same two when the file comes again", () => {
    const line = { posted_on: "2026-10-02", description: "Fee", reference: null, amount_cents: -500, fitid: null };
    const first = fingerprints([line, line]);
    expect(new Set(first).size).toBe(2);
    expect(fingerprints([line, line])).toEqual(first);
  });
});

describe("amounts and dates as banks write them", () => {
  it("reads amounts to exact cents", () => {
    const cases: [string, number | null][] = [
      ["1,234.56", 123456],
      ["$1,234.56", 123456],
      ["-12.00", -1200],
      ["(12.00)", -1200],
      ["12.00-", -1200],
      ["12.00 DR", -1200],
      ["12.00 CR", 1200],
      ["+100", 10000],
      ["0.1", 10],
      ["-250.5000", -25050],
      ["1.005", null],
      ["abc", null],
      ["", null],
    ];
    for (const [text, cents] of cases) expect([text, bankAmountCents(text)]).toEqual([text, cents]);
  });

  it("reads dates in the order chosen, two-digit years as this century, and refuses days that do not exist", () => {
    expect(bankDate("10/2/26", "MDY")).toBe("2026-10-02");
    expect(bankDate("02.10.2026", "DMY")).toBe("2026-10-02");
    expect(bankDate("2026-10-02 00:00:00", "YMD")).toBe("2026-10-02");
    expect(bankDate("02/30/2026", "MDY")).toBeNull();
    expect(bankDate("Oct 2", "MDY")).toBeNull();
  });
});
