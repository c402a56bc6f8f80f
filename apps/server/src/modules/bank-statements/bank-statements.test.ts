import { readFileSync } from "node:fs";
import { bankAccountSchema } from "@keyholder/contracts/bank-accounts";
import {
  statementImportSchema,
  statementImportsSchema,
  statementLinesSchema,
  statementPreviewSchema,
} from "@keyholder/contracts/bank-statements";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { leaseTestApp } from "../../../test/lease-fixture.ts";
import { multipart } from "../../../test/multipart.ts";
import { ledgerOrganization, ledgerUser, systemRows } from "../ledger/ledger-fixture.ts";

const { t, org, send } = await leaseTestApp("Statement Street");
const other = await ledgerOrganization(t, "Other Statements");

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));
const CSV = Buffer.from(
  'Posting Date,Description,Check Number,Amount\n10/02/2026,Deposit,,"1,500.00"\n10/05/2026,Cafe Plumbing,1001,(250.50)\n10/31/2026,Service fee,,-12\n10/31/2026,Service fee,,-12\n',
);
const MAPPING = {
  date_column: "Posting Date",
  description_column: "Description",
  amount_column: "Amount",
  reference_column: "Check Number",
  date_order: "MDY",
};

describe("bank statements imported into a bank account (issue 29 item 3)", () => {
  const bank = async (name: string, as: { cookie: string } = org) => {
    const res = await send("POST", "/bank-accounts", { payload: { name, kind: "trust" }, org: as });
    expect(res.statusCode, res.body).toBe(201);
    return bankAccountSchema.parse(res.json());
  };
  const post = (
    path: "statement-imports" | "statement-previews",
    account: string,
    bytes: Buffer,
    fields: Record<string, string> = {},
    o: { name?: string; as?: { cookie: string } } = {},
  ) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1/bank-accounts/${account}/${path}`,
      cookies: { kh_session: (o.as ?? org).cookie },
      ...multipart("file", o.name ?? "statement.csv", "text/csv", bytes, fields),
    });
  const lines = async (account: string, as: { cookie: string } = org) => {
    const res = await send("GET", `/bank-accounts/${account}/statement-lines`, { org: as });
    expect(res.statusCode, res.body).toBe(200);
    return statementLinesSchema.parse(res.json());
  };

  it("previews a CSV with a guessed mapping, imports it once it is confirmed, and keeps the mapping for next month", async () => {
    const account = await bank("Statement Trust");
    const preview = await post("statement-previews", account.id, CSV);
    expect(preview.statusCode, preview.body).toBe(200);
    const p = statementPreviewSchema.parse(preview.json());
    expect(p).toMatchObject({
      format: "csv",
      columns: ["Posting Date", "Description", "Check Number", "Amount"],
      mapping: { ...MAPPING, debit_column: null, credit_column: null },
      mapping_saved: false,
      line_count: 4,
      first_date: "2026-10-02",
      last_date: "2026-10-31",
      in_cents: 150_000,
      out_cents: 25_050 + 1_200 + 1_200,
      problem: null,
    });
    expect(p.sample_rows[1]).toEqual(["10/05/2026", "Cafe Plumbing", "1001", "(250.50)"]);
    // A preview keeps nothing.
    expect((await lines(account.id)).total_count).toBe(0);

    // Without a mapping sent or kept, a CSV is not imported.
    const unmapped = await post("statement-imports", account.id, CSV);
    expect(unmapped.statusCode).toBe(400);
    expect(unmapped.json().error.fields.date_column).toEqual([
      "Choose which columns hold the date, the description and the amount",
    ]);

    const imported = await post("statement-imports", account.id, CSV, MAPPING, { name: "../october.csv" });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(statementImportSchema.parse(imported.json())).toMatchObject({
      file_name: "october.csv",
      format: "csv",
      lines_in_file: 4,
      lines_added: 4,
      first_date: "2026-10-02",
      last_date: "2026-10-31",
    });
    const kept = await lines(account.id);
    expect(kept.total_count).toBe(4);
    expect(kept.lines.map((l) => [l.posted_on, l.amount_cents, l.reference])).toEqual([
      ["2026-10-31", -1200, null],
      ["2026-10-31", -1200, null],
      ["2026-10-05", -25050, "1001"],
      ["2026-10-02", 150000, null],
    ]);

    // The same file again adds nothing; the mapping was kept, so none is sent.
    const again = await post("statement-imports", account.id, CSV);
    expect(again.statusCode, again.body).toBe(201);
    expect(statementImportSchema.parse(again.json())).toMatchObject({ lines_in_file: 4, lines_added: 0 });
    expect((await lines(account.id)).total_count).toBe(4);

    // An overlapping export adds only what is new (a third fee of the same day is new).
    const overlap = Buffer.from(`${CSV.toString()}10/31/2026,Service fee,,-12\n11/02/2026,Deposit,,300\n`);
    const more = await post("statement-imports", account.id, overlap);
    expect(statementImportSchema.parse(more.json())).toMatchObject({ lines_in_file: 6, lines_added: 2 });
    expect((await lines(account.id)).total_count).toBe(6);

    const next = statementPreviewSchema.parse((await post("statement-previews", account.id, CSV)).json());
    expect(next.mapping_saved).toBe(true);
    const history = statementImportsSchema.parse(
      (await send("GET", `/bank-accounts/${account.id}/statement-imports`)).json(),
    );
    expect(history.imports.map((i) => i.lines_added)).toEqual([2, 0, 4]);
  });

  it("imports OFX and QFX files, each line once however often the file comes", async () => {
    const account = await bank("OFX Trust");
    for (const name of ["sgml-one-line-1252.ofx", "xml-v2.ofx", "credit-card.qfx"]) {
      const res = await post("statement-imports", account.id, fixture(name), {}, { name });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await lines(account.id);
    expect(first.total_count).toBe(3 + 2 + 3);
    const sum = (ls: { amount_cents: number }[]) => ls.reduce((s, l) => s + l.amount_cents, 0);
    expect(sum(first.lines)).toBe(150_000 - 25_050 - 1_200 - 29 + 7 - 4_500 - 4_500 + 10_000);
    expect(first.lines.find((l) => l.reference === "1001")?.description).toBe("Café Plumbing & Co · Repair <unit 4>");
    for (const name of ["sgml-one-line-1252.ofx", "xml-v2.ofx", "credit-card.qfx"]) {
      const res = await post("statement-imports", account.id, fixture(name), {}, { name });
      expect(statementImportSchema.parse(res.json()).lines_added).toBe(0);
    }
    expect((await lines(account.id)).total_count).toBe(8);
  });

  it("refuses a file that is not a statement, a row that does not read, and a mapping naming no column, keeping nothing", async () => {
    const account = await bank("Refusing Trust");
    const pdf = await post("statement-imports", account.id, Buffer.from("%PDF-1.7 ..."), {}, { name: "s.pdf" });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.fields.file).toEqual(["This is not a CSV, OFX or QFX file"]);

    const broken = Buffer.from("Date,Description,Amount\n10/02/2026,Rent,100\n10/03/2026,Fee,twelve\n");
    const bad = await post("statement-imports", account.id, broken, {
      ...MAPPING,
      date_column: "Date",
      reference_column: "",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Row 3: "twelve" is not an amount');
    const preview = statementPreviewSchema.parse((await post("statement-previews", account.id, broken)).json());
    expect(preview.problem).toBe('Row 3: "twelve" is not an amount');

    const noColumn = await post("statement-imports", account.id, CSV, { ...MAPPING, amount_column: "Total" });
    expect(noColumn.statusCode).toBe(400);
    expect(noColumn.json().error.fields.amount_column).toEqual(["Choose a column of this file"]);
    const noMoney = await post("statement-imports", account.id, CSV, { ...MAPPING, amount_column: "" });
    expect(noMoney.json().error.fields.amount_column).toEqual([
      "Choose the amount column, or the columns of money out and money in",
    ]);
    const [row] = await systemRows<{ n: string }>(
      t,
      sql`select count(*) as n from bank_statement_imports where organization_id = ${org.orgId} and bank_account_id = ${account.id}`,
    );
    expect(Number(row?.n)).toBe(0);
    expect((await lines(account.id)).total_count).toBe(0);
  });

  it("keeps statements to the organization, to users of every property, and imports to those who post", async () => {
    const account = await bank("Private Trust");
    expect((await post("statement-imports", account.id, CSV, MAPPING)).statusCode).toBe(201);

    const outsider = await post("statement-imports", account.id, CSV, MAPPING, { as: other });
    expect(outsider.statusCode).toBe(404);
    expect((await send("GET", `/bank-accounts/${account.id}/statement-lines`, { org: other })).statusCode).toBe(404);
    const [seen] = await systemRows<{ n: string }>(
      t,
      sql`select count(*) as n from bank_statement_lines where organization_id = ${other.orgId}`,
    );
    expect(Number(seen?.n)).toBe(0);

    const readOnly = await ledgerUser(t, org, "READ_ONLY");
    expect((await lines(account.id, readOnly)).total_count).toBe(4);
    expect((await post("statement-imports", account.id, CSV, MAPPING, { as: readOnly })).statusCode).toBe(403);

    const scoped = await ledgerUser(t, org, "PROPERTY_MANAGER", [org.propertyIds[0] ?? ""]);
    const refused = await send("GET", `/bank-accounts/${account.id}/statement-lines`, { org: scoped });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("Bank statements are read by users of every property");
  });
});
